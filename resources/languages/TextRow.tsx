import { memo, useId } from 'react';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import { Mark } from './Mark';
import { OtherText } from './OtherText';

interface Props {
  textKey: string;
  value: string;
  invalid: boolean;
  /** The other language's name ('English') and code for the lang attribute ('en'). */
  otherLabel: string;
  otherLang: string;
  /** The other record's text for this key; undefined when it lacks the key, null while it loads (or failed to). */
  otherValue: string | undefined | null;
  /** Takes the focus when it appears (a key just added from the other language). */
  autoFocus?: boolean;
  onChange: (key: string, value: string) => void;
  /** Asks to remove the key from both languages; absent for those who may not (editors). */
  onRemove?: (key: string) => void;
}

/**
 * One required text input, labelled with its key, with the other language's text beside it (below on a phone) and
 * its marks; redrawn only when its own value or marks change.
 */
export const TextRow = memo(function TextRow(props: Props) {
  const { textKey, value, invalid, otherLabel, otherLang, otherValue, autoFocus, onChange, onRemove } = props;
  const m = useMessages();
  const id = useId();
  const other = otherValue !== null;
  const empty = value.trim() === '';
  const helper = invalid ? m.common.required : empty ? <Mark text={m.languages.empty} /> : undefined;
  // MUI names the helper text `${id}-helper-text`; the other language's text is described after it.
  const describedBy = [helper ? `${id}-helper-text` : null, other ? `${id}-other` : null].filter(Boolean).join(' ');
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gap: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        }}
      >
        <TextField
          id={id}
          label={textKey}
          value={value}
          onChange={(e) => onChange(textKey, e.target.value)}
          required
          error={invalid}
          helperText={helper}
          multiline
          maxRows={8}
          fullWidth
          autoFocus={autoFocus}
          slotProps={{ htmlInput: { 'data-key': textKey, 'aria-describedby': describedBy || undefined } }}
        />
        {other && <OtherText id={`${id}-other`} label={otherLabel} lang={otherLang} value={otherValue} />}
      </Box>
      {onRemove && (
        <Tooltip title={format(m.languages.removeKey, { key: textKey })}>
          <IconButton
            aria-label={format(m.languages.removeKey, { key: textKey })}
            onClick={() => onRemove(textKey)}
            sx={{ mt: 1 }}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
});
