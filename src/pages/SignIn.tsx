import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLogin, useNotify } from 'react-admin';
import { Button, Link, Stack, TextField } from '@mui/material';
import { messages } from '../../domain/messages';
import { messageOf, statusOf } from '../errors';
import { PublicFrame } from './PublicFrame';

const t = messages.signin;

/** /signin: email and password; a failure shows the spec's toast, throttling the server's own message. */
export default function SignIn() {
  const login = useLogin();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
    } catch (err) {
      const throttled = statusOf(err) === 429;
      notify((throttled && messageOf(err)) || t.failure, { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <PublicFrame title={t.title}>
      <Stack component="form" onSubmit={submit} spacing={2} sx={{ mt: 2 }}>
        <TextField name="email" type="email" label={t.email} autoComplete="username" required autoFocus fullWidth />
        <TextField name="password" type="password" label={t.password} autoComplete="current-password" required fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t.submit}
        </Button>
        <Link component={RouterLink} to="/forgot" variant="body2">
          {t.forgotLink}
        </Link>
      </Stack>
    </PublicFrame>
  );
}
