import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Link, Stack, TextField } from '@mui/material';
import { useMessages } from '../locale';
import { messageOf, statusOf } from '../../resources/shared/errors';
import { PublicFrame } from './PublicFrame';
import { usePublic } from '../public/PublicContext';
import { preloadConsole } from '../consolePage';

/** /signin: email and password; a failure shows the spec's toast, throttling the server's own message. */
export default function SignIn() {
  const t = useMessages().signin;
  const { authProvider, notify } = usePublic();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    preloadConsole();
    try {
      await authProvider.login({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
      navigate('/', { replace: true });
    } catch (err) {
      const throttled = statusOf(err) === 429;
      notify((throttled && messageOf(err)) || t.failure);
      setBusy(false);
    }
  };

  return (
    <PublicFrame title={t.title}>
      {/* The signed-in screens download while the details are typed, not with the page (it stays light). */}
      <Stack component="form" onSubmit={submit} onInput={preloadConsole} spacing={2} sx={{ mt: 2 }}>
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
