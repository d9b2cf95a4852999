import { memo, useId } from 'react';
import { Box, TextField } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useMessages } from '../../src/locale';

interface Props {
  textKey: string;
  value: string;
  invalid: boolean;
  /** The key is absent from the other language's record. */
  missingInOther: boolean;
  /** Takes the focus when it appears (a key just added from the other language). */
  autoFocus?: boolean;
  onChange: (key: string, value: string) => void;
}

function MissingMark({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}>
      <WarningAmberIcon fontSize="inherit" aria-hidden />
      {text}
    </Box>
  );
}

/** One required text input, labelled with its key; redrawn only when its own value or marks change. */
export const TextRow = memo(function TextRow({ textKey, value, invalid, missingInOther, autoFocus, onChange }: Props) {
  const m = useMessages();
  const id = useId();
  return (
    <TextField
      id={id}
      label={textKey}
      value={value}
      onChange={(e) => onChange(textKey, e.target.value)}
      required
      error={invalid}
      helperText={invalid ? m.common.required : missingInOther ? <MissingMark text={m.languages.missingIn} /> : undefined}
      multiline
      maxRows={8}
      fullWidth
      autoFocus={autoFocus}
      slotProps={{ htmlInput: { 'data-key': textKey } }}
    />
  );
});
