import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import type { User } from '../../domain/users';
import type { AppDataProvider } from '../../base/backend';
import { format } from '../../domain/messages';
import { failureReason } from '../../base/errors';
import { useMessages } from '../../base/locale';
import { fullName } from '../../domain/names';
import { useLacks } from '../../base/lacks';

/**
 * Edit User's 'Sign out everywhere': after a confirmation, every session of the user ends at once. Not offered where
 * the back end has no sessions it may end (Firebase): the button would only lead to a refusal.
 */
export function EndSessionsButton({ user }: { user: User }) {
  const t = useMessages().users;
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = fullName(user) || user.email;
  const lacking = useLacks('endSessions');

  const end = async (): Promise<void> => {
    setBusy(true);
    try {
      const n = await dataProvider.endUserSessions(user.uid);
      notify(format(t.sessionsEnded, { n }), { type: 'success' });
      setOpen(false);
    } catch (err) {
      notify(failureReason(err) ?? t.failure, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (lacking) return null;
  return (
    <>
      <Button startIcon={<LogoutIcon />} onClick={() => setOpen(true)}>
        {t.endSessions}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="end-sessions-title"
        aria-describedby="end-sessions-body"
        maxWidth="xs"
      >
        <DialogTitle id="end-sessions-title" sx={{ overflowWrap: 'anywhere' }}>
          {format(t.endSessionsTitle, { name })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="end-sessions-body">{t.endSessionsBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void end()}>
            {t.endSessions}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
