import { useGetOne } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { LanguageId } from '../../domain/constants';
import { useMessages } from '../../base/locale';
import { labelText, type Label } from '../types';
import { statusOf } from '../../base/errors';
import { Busy } from '../../base/Busy';
import { LanguageForm } from './LanguageForm';
import { HistoryPanel } from '../shared/history/HistoryPanel';
import type { LanguageRecord } from './texts';

interface Props {
  /** 'en' or 'se'; the editor's language code defaults to 'en' (spec). */
  languageId?: LanguageId;
  /** The page's heading: a text, or how to pick it from the chosen language's catalogue. */
  title: Label;
}

/** /languages/english and /languages/swedish: loads the record (and the other one, shown beside it), then edits it. */
export default function LanguageEditor({ languageId = 'en', title }: Props) {
  const m = useMessages();
  const t = m.languages;
  const otherId: LanguageId = languageId === 'en' ? 'se' : 'en';
  // Edits live in the form, so a refetch must not happen behind the editor's back.
  const options = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
  const current = useGetOne<LanguageRecord>('languages', { id: languageId }, options);
  const other = useGetOne<LanguageRecord>('languages', { id: otherId }, options);

  let body;
  if (current.isPending) body = <Busy minHeight={160} />;
  else if (current.error || !current.data) {
    const failed =
      statusOf(current.error) === 404 || !(current.error instanceof Error) ? t.notFound : current.error.message;
    body = <Typography role="alert">{failed}</Typography>;
  } else {
    const reload = async () => (await current.refetch()).data;
    const reloadOther = () => void other.refetch();
    body = (
      <LanguageForm
        key={languageId}
        record={current.data}
        languageId={languageId}
        otherTexts={other.data?.texts ?? null}
        reload={reload}
        reloadOther={reloadOther}
      />
    );
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {labelText(title, m)}
      </Typography>
      {/* Visible overflow, so the Save bar can stick to the bottom of the window. */}
      <Card sx={{ overflow: 'visible' }}>
        <CardContent sx={{ p: 3, pb: 0 }}>{body}</CardContent>
      </Card>
      {current.data && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <HistoryPanel of={{ kind: 'language', id: languageId }} refreshKey={current.data.version} />
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
