import { useMemo } from 'react';
import { useGetOne } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { LanguageId } from '../../domain/constants';
import { messages } from '../../domain/messages';
import { failureStatus } from '../../domain/failures';
import { Busy } from '../shared/Busy';
import { LanguageForm } from './LanguageForm';
import type { LanguageRecord } from './texts';

const t = messages.languages;

interface Props {
  /** 'en' or 'se'; the editor's language code defaults to 'en' (spec). */
  languageId?: LanguageId;
  title: string;
}

/** /languages/english and /languages/swedish: loads the record (and the other one, to mark missing keys), then edits it. */
export default function LanguageEditor({ languageId = 'en', title }: Props) {
  const otherId: LanguageId = languageId === 'en' ? 'se' : 'en';
  // Edits live in the form, so a refetch must not happen behind the editor's back.
  const options = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
  const current = useGetOne<LanguageRecord>('languages', { id: languageId }, options);
  const other = useGetOne<LanguageRecord>('languages', { id: otherId }, options);
  const otherKeys = useMemo(() => (other.data ? new Set(Object.keys(other.data.texts)) : null), [other.data]);

  let body;
  if (current.isPending) body = <Busy minHeight={160} />;
  else if (current.error || !current.data) {
    const failed = failureStatus(current.error) === 404 || !(current.error instanceof Error) ? t.notFound : current.error.message;
    body = <Typography role="alert">{failed}</Typography>;
  } else {
    const reload = async () => (await current.refetch()).data;
    body = <LanguageForm key={languageId} record={current.data} otherKeys={otherKeys} reload={reload} />;
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {/* Visible overflow, so the Save bar can stick to the bottom of the window. */}
      <Card sx={{ overflow: 'visible' }}>
        <CardContent sx={{ p: 3, pb: 0 }}>{body}</CardContent>
      </Card>
    </Box>
  );
}
