import { useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';

interface Props {
  /** The key asked about; null when the dialog is closed. */
  textKey: string | null;
  onRemove: (key: string) => Promise<void>;
  onClose: () => void;
}

/** The confirmation before a key leaves both languages (admins only; the server checks too). */
export function RemoveKeyDialog({ textKey, onRemove, onClose }: Props) {
  const t = useMessages().languages;
  const [busy, setBusy] = useState(false);
  // Kept while the dialog fades out, so its title does not lose the key.
  const last = useRef('');
  if (textKey !== null) last.current = textKey;
  const confirm = async (): Promise<void> => {
    if (textKey === null) return;
    setBusy(true);
    await onRemove(textKey);
    setBusy(false);
    onClose();
  };
  return (
    <Dialog
      open={textKey !== null}
      onClose={onClose}
      aria-labelledby="remove-key-title"
      aria-describedby="remove-key-body"
      maxWidth="xs"
    >
      <DialogTitle id="remove-key-title" sx={{ overflowWrap: 'anywhere' }}>
        {format(t.removeTitle, { key: last.current })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="remove-key-body">{t.removeBody}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* Cancel first and focused: the safe choice is the one Enter takes. */}
        <Button onClick={onClose} autoFocus>
          {t.cancel}
        </Button>
        <Button onClick={() => void confirm()} color="error" variant="contained" disabled={busy} aria-busy={busy}>
          {t.remove}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
