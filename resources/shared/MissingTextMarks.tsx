import { Box, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import type { RaRecord } from 'react-admin';
import { format } from '../../domain/messages';
import { missingTexts, type ResourceDescription } from '../../domain/resourceDescription';
import { useMessages } from '../../base/locale';
import { languageName } from './RecordFilters';
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
 * A mark of texts missing in a language: an icon (a shape, not a colour) named by what is missing (`said`) for screen
 * readers and as its hover text, which takes the keyboard's focus so the text shows without a mouse too. The products
 * list's marks are these too (resources/products/MissingMarks.tsx).
 */
export function MissingMark({ said }: { said: string }) {
  return (
    <Tooltip title={said}>
      <Box
        component="span"
        role="img"
        aria-label={said}
        tabIndex={0}
        sx={{
          display: 'inline-flex',
          verticalAlign: 'text-bottom',
          ml: 1,
          color: 'warning.dark',
          borderRadius: 0.5,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
        }}
      >
        <TranslateIcon fontSize="small" aria-hidden />
      </Box>
    </Tooltip>
  );
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
