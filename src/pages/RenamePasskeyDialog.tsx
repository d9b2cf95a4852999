import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { format } from '../../domain/messages';
import { PASSKEY_NAME_MAX, type AccountPasskey } from '../../domain/account';
import { useMessages } from '../../base/locale';

interface Props {
  passkey: AccountPasskey;
  label: string;
  busy: boolean;
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}

/**
 * Account Settings → Passkeys: a passkey's new name; the field shows a refusal (`onSave` answers it, or null when
 * saved).
 */
export function RenamePasskeyDialog({ passkey, label, busy, onSave, onClose }: Props) {
  const t = useMessages().account.passkeys;
  const [name, setName] = useState(passkey.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!name.trim()) return setProblem(t.nameRequired);
    const refused = await onSave(name.trim());
    if (refused) setProblem(refused);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-passkey-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-passkey-title" sx={{ overflowWrap: 'anywhere' }}>
          {format(t.renameOf, { name: label })}
        </DialogTitle>
        <DialogContent>
          <TextField
            name="name"
            label={t.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoFocus
            fullWidth
            margin="dense"
            error={problem !== null}
            helperText={problem ?? undefined}
            slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
