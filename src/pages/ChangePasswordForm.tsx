import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../domain/constants';
import { failureReason, statusOf } from '../../base/errors';
import type { AppDataProvider } from '../../base/backend';

type Field = 'current' | 'next' | 'confirm';

/** My Account's 'Change password': the current password and the new one twice; every other session then ends. */
export function ChangePasswordForm() {
  const m = useMessages();
  const t = m.account.password;
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [problem, setProblem] = useState<{ field: Field; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const value = (name: Field): string => String(form.get(name) ?? '');
    // Checked exactly as typed: no trimming, no composition rules (DESIGN.md, ASVS 6.2); the server checks again.
    if (!value('current')) return setProblem({ field: 'current', text: m.common.required });
    if (value('next').length < PASSWORD_MIN) return setProblem({ field: 'next', text: m.reset.tooShort });
    if (value('next') !== value('confirm')) return setProblem({ field: 'confirm', text: m.reset.mismatch });
    setProblem(null);
    setDone(false);
    setBusy(true);
    try {
      await dataProvider.changePassword({ currentPassword: value('current'), newPassword: value('next') });
      formEl.reset();
      // Said in the form (an alert), where the person is looking.
      setDone(true);
    } catch (err) {
      const reason = failureReason(err);
      // A wrong current password belongs beside that field; any other refusal (or a wait) as a toast.
      if (statusOf(err) === 400 && reason === t.wrong) setProblem({ field: 'current', text: reason });
      else
        notify(reason ?? (err instanceof Error && statusOf(err) === 429 ? err.message : t.failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      required
      fullWidth
      error={problem?.field === name}
      helperText={problem?.field === name ? problem.text : name === 'next' ? m.reset.tooShort : undefined}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
    />
  );

  return (
    <Card sx={{ width: '100%', maxWidth: 560 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t.title}
        </Typography>
        <Stack component="form" onSubmit={submit} spacing={2} noValidate aria-label={t.title}>
          {field('current', t.current, 'current-password')}
          {field('next', t.next, 'new-password')}
          {field('confirm', t.confirm, 'new-password')}
          {done && <Alert severity="success">{t.done}</Alert>}
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t.submit}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
