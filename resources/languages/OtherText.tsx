import { Box, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { Mark } from './Mark';

interface Props {
  /** Referenced by the input's aria-describedby, so a screen reader reads it with the input. */
  id: string;
  /** The other language's name ('English'), shown as the label. */
  label: string;
  /** The other language's code for the lang attribute, so a screen reader pronounces it right ('en', 'sv'). */
  lang: string;
  /** The other record's text for the key as input text; undefined when that record has no such key. */
  value: string | undefined;
}

/** Read-only: the other language's text beside an input (below it on a phone), labelled with the language. */
export function OtherText({ id, label, lang, value }: Props) {
  const t = useMessages().languages;
  return (
    <Box
      id={id}
      sx={{
        minWidth: 0,
        px: 1.5,
        py: 1,
        borderLeft: 3,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block', fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {value === undefined || value.trim() === '' ? (
          <Mark text={value === undefined ? t.missingIn : t.otherEmpty} />
        ) : (
          <span lang={lang}>{value}</span>
        )}
      </Typography>
    </Box>
  );
}
