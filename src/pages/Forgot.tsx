import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useMessages } from '../../base/locale';
import { messageOf, statusOf } from '../../base/errors';
import { PublicFrame } from './PublicFrame';
import { usePublic } from '../public/PublicContext';

/** /forgot: asks for a reset mail; the answer never tells whether the address has an account. */
export default function Forgot() {
  const t = useMessages().forgot;
  const { authProvider, notify } = usePublic();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setBusy(true);
    setSent(false);
    try {
      await authProvider.requestPasswordReset(email);
      setSent(true);
    } catch (err) {
      notify((statusOf(err) === 429 && messageOf(err)) || t.failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame title={t.title}>
      <Stack component="form" onSubmit={submit} spacing={2} sx={{ mt: 2 }}>
        {/* Alert has role="alert", so screen readers announce it when it appears. */}
        {sent && <Alert severity="success">{t.sent}</Alert>}
        <TextField name="email" type="email" label={t.email} autoComplete="username" required autoFocus fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t.submit}
        </Button>
        <Link component={RouterLink} to="/signin" variant="body2">
          {t.signinLink}
        </Link>
      </Stack>
    </PublicFrame>
  );
}
