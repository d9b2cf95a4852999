import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useMessages } from '../../base/locale';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/constants';
import { PublicFrame } from './PublicFrame';
import { usePublic } from '../public/PublicContext';

type Outcome = 'idle' | 'done' | 'failed';

/**
 * /reset-password?token=…: sets a new password with the token from the reset mail (Firebase's action link: ?oobCode=…);
 * opened from an invitation (&welcome=1) it speaks of choosing one's first password.
 */
export default function ResetPassword() {
  const m = useMessages();
  const { authProvider } = usePublic();
  const [params] = useSearchParams();
  // Our server's mail carries `token`; Firebase's action link (the console set as its action URL) carries `oobCode`.
  const token = params.get('token') ?? params.get('oobCode') ?? '';
  const t = params.get('welcome') === '1' ? { ...m.reset, ...m.reset.welcome } : m.reset;
  const [outcome, setOutcome] = useState<Outcome>(token ? 'idle' : 'failed');
  const [problem, setProblem] = useState<{ field: 'password' | 'confirm'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    // Checked exactly as typed: no trimming, no composition rules (DESIGN.md, ASVS 6.2).
    if (password.length < PASSWORD_MIN) return setProblem({ field: 'password', text: t.tooShort });
    if (password !== String(form.get('confirm') ?? '')) return setProblem({ field: 'confirm', text: t.mismatch });
    setProblem(null);
    setBusy(true);
    try {
      await authProvider.resetPassword({ token, newPassword: password });
      setOutcome('done');
    } catch {
      setOutcome('failed');
    } finally {
      setBusy(false);
    }
  };

  if (outcome !== 'idle') {
    const done = outcome === 'done';
    return (
      <PublicFrame title={t.title}>
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Alert severity={done ? 'success' : 'error'}>{done ? t.done : t.failure}</Alert>
          <Link component={RouterLink} to={done ? '/signin' : '/forgot'} variant="body2">
            {done ? t.signinLink : m.signin.forgotLink}
          </Link>
        </Stack>
      </PublicFrame>
    );
  }

  const field = (name: 'password' | 'confirm', label: string, autoFocus = false) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete="new-password"
      required
      autoFocus={autoFocus}
      fullWidth
      error={problem?.field === name}
      helperText={problem?.field === name ? problem.text : name === 'password' ? t.tooShort : undefined}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
    />
  );

  return (
    <PublicFrame title={t.title}>
      <Stack component="form" onSubmit={submit} spacing={2} sx={{ mt: 2 }} noValidate>
        {field('password', t.password, true)}
        {field('confirm', t.confirm)}
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
