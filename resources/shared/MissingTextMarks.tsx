import { Box } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import type { RaRecord } from 'react-admin';
import { format } from '../../domain/messages';
import { missingTexts, type ResourceDescription } from '../../domain/resourceDescription';
import { useMessages } from '../../base/locale';
import { languageName } from './RecordFilters';
import { IconMark } from './IconMark';
import type { ResourceLocaleTexts } from './recordScreens';

/** What each language's mark says: 'Swedish missing: Guide', the missing fields by their labels. */
function useMarks(d: ResourceDescription, t: ResourceLocaleTexts, record: RaRecord): [string, string][] {
  const m = useMessages();
  return missingTexts(d, record).map(([lang, fields]) => [
    lang,
    format(m.records.missingMark, {
      language: languageName(m, lang),
      fields: fields.map((f) => t.fields[f] ?? f).join(', '),
    }),
  ]);
}

/**
 * A mark of texts missing in a language (IconMark): named by what is missing (`said`). The products list's marks are
 * these too (resources/products/MissingMarks.tsx).
 */
export function MissingMark({ said }: { said: string }) {
  return <IconMark said={said} Icon={TranslateIcon} color="warning.dark" />;
}

/** A described list's marks beside a record's name, one for each language some translated text is missing in. */
export function MissingTextMarks(props: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  record: RaRecord;
}) {
  return useMarks(props.description, props.texts, props.record).map(([lang, said]) => (
    <MissingMark key={lang} said={said} />
  ));
}

/** The same on a phone's list, where nothing hovers: the words under the row's text. */
export function MissingTextNote(props: {
  description: ResourceDescription;
  texts: ResourceLocaleTexts;
  record: RaRecord;
}) {
  return useMarks(props.description, props.texts, props.record).map(([lang, said]) => (
    <Box key={lang} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mr: 1 }}>
      <TranslateIcon aria-hidden sx={{ fontSize: '1rem', color: 'warning.dark' }} />
      {said}
    </Box>
  ));
}
