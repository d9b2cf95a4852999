import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { LanguageKey } from '../../domain/languages';
import { textOf } from '../../domain/translate';
import { useLocale, useMessages } from '../../base/locale';

interface Props {
  open: boolean;
  /** This language's name ('Swedish'): the text typed is in it. */
  language: string;
  /** True when either language has the key already. */
  exists: (key: string) => boolean;
  /** Adds the key; answers why it was refused, or null when added. */
  onAdd: (key: string, value: string) => Promise<string | null>;
  onClose: () => void;
  /** After the dialog has gone, with the key added, so its new input can take the focus. */
  onAdded: (key: string) => void;
}

/** 'Add a key': its name (the keys' rule, not one either language has) and its text in this language. */
export function AddKeyDialog({ open, language, exists, onAdd, onClose, onAdded }: Props) {
  const m = useMessages();
  const locale = useLocale();
  const t = m.languages;
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<{ key?: string; value?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // Set once added: the focus then goes to the new input, not back to 'Add a key'.
  const [added, setAdded] = useState<string | null>(null);

  const close = (): void => {
    setKey('');
    setValue('');
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    // The server's own rule for keys (one line, trimmed, 1 to 200 characters), so both refuse alike.
    const parsed = LanguageKey.safeParse(key);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    const keyError = parsed.success
      ? exists(parsed.data)
        ? t.keyExists
        : undefined
      : issue && textOf(issue.message, locale);
    const valueError = value.trim() === '' ? m.common.required : undefined;
    setErrors({ key: keyError, value: valueError });
    if (!parsed.success || keyError || valueError) return;
    setBusy(true);
    const refused = await onAdd(parsed.data, value);
    setBusy(false);
    if (refused === null) {
      setAdded(parsed.data);
      close();
    } else setErrors({ form: refused });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="add-key-title"
      aria-describedby="add-key-hint"
      fullWidth
      maxWidth="sm"
      disableRestoreFocus={added !== null}
      slotProps={{
        transition: {
          onExited: () => {
            if (added !== null) onAdded(added);
            setAdded(null);
          },
        },
      }}
    >
      <DialogTitle id="add-key-title">{t.newKey}</DialogTitle>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id="add-key-hint" sx={{ mb: 2 }}>
            {t.newKeyHint}
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              label={t.key}
              value={key}
              onChange={(e) => setKey(e.target.value)}
              required
              autoFocus
              error={Boolean(errors.key)}
              helperText={errors.key}
              fullWidth
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
            <TextField
              label={`${t.text} (${language})`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              required
              error={Boolean(errors.value)}
              helperText={errors.value}
              multiline
              maxRows={6}
              fullWidth
            />
            {errors.form && <Alert severity="error">{errors.form}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy} aria-busy={busy}>
            {t.addKey}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
