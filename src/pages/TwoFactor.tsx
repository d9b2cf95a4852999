import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { failureReason, statusOf } from '../../base/errors';
import { Busy } from '../../base/Busy';
import { PASSWORD_MAX } from '../../domain/constants';
import { TOTP_CODE, type TwoFactorStatus } from '../../domain/twoFactor';
import type { AppDataProvider } from '../../base/backend';
import { QrCode } from './QrCode';

type Step =
  | { name: 'loading' }
  | { name: 'unavailable'; message: string }
  | { name: 'status'; status: TwoFactorStatus }
  | { name: 'scan'; totpURI: string; recoveryCodes: string[]; required: boolean }
  | { name: 'codes'; recoveryCodes: string[] };

/** The secret of an otpauth:// address, in groups of four so it can be typed. */
const secretText = (uri: string): string =>
  (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Account Settings → Two-factor sign-in: turn on an authenticator app (password, then a QR code drawn here and the
 * secret as text, then its first code), see the ten recovery codes once, make new ones, or turn it off. Under
 * REQUIRE_2FA this is the one page a person without a second factor can use.
 */
export function TwoFactor() {
  const m = useMessages();
  const t = m.twoFactor;
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [problem, setProblem] = useState<{ field: 'password' | 'code'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { identity } = useGetIdentity();

  const load = useCallback(async () => {
    try {
      setStep({ name: 'status', status: await dataProvider.getTwoFactor() });
    } catch (err) {
      // With the Firebase back end this says it needs Google Identity Platform, rather than failing.
      setStep({
        name: 'unavailable',
        message: statusOf(err) === 400 ? t.unavailable : (failureReason(err) ?? t.failure),
      });
    }
  }, [dataProvider, t.unavailable, t.failure]);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a call; a refusal goes beside the field it is about, anything else in a toast. */
  const run = async (field: 'password' | 'code', call: () => Promise<void>): Promise<void> => {
    setProblem(null);
    setBusy(true);
    try {
      await call();
      // Each new step starts at its heading, for keyboard and screen-reader users.
      requestAnimationFrame(() => heading.current?.focus());
    } catch (err) {
      const reason = failureReason(err);
      const status = statusOf(err);
      if ((status === 400 || status === 401) && reason) setProblem({ field, text: reason });
      else notify(reason ?? (status === 429 && err instanceof Error ? err.message : t.failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const valueOf = (event: FormEvent<HTMLFormElement>, name: string): string =>
    String(new FormData(event.currentTarget).get(name) ?? '');

  const passwordField = (
    <>
      {/* Which account the password is for, for password managers (and Chromium's hint about password forms). */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={String(identity?.email ?? '')}
        readOnly
        hidden
      />
      <TextField
        name="password"
        type="password"
        label={t.password}
        autoComplete="current-password"
        required
        fullWidth
        error={problem?.field === 'password'}
        helperText={problem?.field === 'password' ? problem.text : t.passwordHint}
        slotProps={{ htmlInput: { maxLength: PASSWORD_MAX } }}
      />
    </>
  );

  const start = (event: FormEvent<HTMLFormElement>, required: boolean): void => {
    event.preventDefault();
    const password = valueOf(event, 'password');
    if (!password) return setProblem({ field: 'password', text: m.common.required });
    void run('password', async () => {
      const setup = await dataProvider.startTwoFactor(password);
      setStep({ name: 'scan', totpURI: setup.totpURI, recoveryCodes: setup.recoveryCodes, required });
    });
  };

  const confirm = (event: FormEvent<HTMLFormElement>, codes: string[]): void => {
    event.preventDefault();
    const code = valueOf(event, 'code').replace(/\s/g, '');
    if (!TOTP_CODE.test(code)) return setProblem({ field: 'code', text: t.wrongCode });
    void run('code', async () => {
      await dataProvider.confirmTwoFactor(code);
      notify(t.enabled, { type: 'success' });
      setStep({ name: 'codes', recoveryCodes: codes });
    });
  };

  const onForm = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const password = valueOf(event, 'password');
    if (!password) return setProblem({ field: 'password', text: m.common.required });
    if (submitter?.value === 'disable') {
      void run('password', async () => {
        await dataProvider.disableTwoFactor(password);
        notify(t.disabled, { type: 'success' });
        await load();
      });
    } else {
      void run('password', async () =>
        setStep({ name: 'codes', recoveryCodes: await dataProvider.renewRecoveryCodes(password) }),
      );
    }
  };

  let body: React.ReactNode;
  if (step.name === 'loading') body = <Busy />;
  else if (step.name === 'unavailable') body = <Alert severity="info">{step.message}</Alert>;
  else if (step.name === 'scan') {
    body = (
      <Stack
        component="form"
        spacing={2}
        noValidate
        aria-label={t.title}
        onSubmit={(e) => confirm(e, step.recoveryCodes)}
      >
        <Typography>{t.scan}</Typography>
        <Box sx={{ alignSelf: 'flex-start', lineHeight: 0 }}>
          <QrCode value={step.totpURI} label={t.qrLabel} />
        </Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t.secret}
          </Typography>
          <Typography
            component="code"
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', fontSize: '1.05rem', wordBreak: 'break-all' }}
          >
            {secretText(step.totpURI)}
          </Typography>
        </Box>
        <TextField
          name="code"
          label={t.code}
          autoComplete="one-time-code"
          required
          error={problem?.field === 'code'}
          helperText={problem?.field === 'code' ? problem.text : t.codeHint}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
          sx={{ maxWidth: 240 }}
        />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t.confirm}
          </Button>
          <Button onClick={() => void load()} disabled={busy}>
            {t.cancel}
          </Button>
        </Stack>
      </Stack>
    );
  } else if (step.name === 'codes') {
    body = (
      <Stack spacing={2}>
        <Typography component="h3" variant="subtitle1">
          {t.recoveryTitle}
        </Typography>
        <Alert severity="warning">{t.recoveryIntro}</Alert>
        <Box
          component="ol"
          aria-label={t.recoveryTitle}
          sx={{ fontFamily: 'monospace', fontSize: '1.05rem', columns: 2, m: 0, pl: 4 }}
        >
          {step.recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Button variant="contained" onClick={() => void load()} sx={{ alignSelf: 'flex-start' }}>
          {t.recoveryDone}
        </Button>
      </Stack>
    );
  } else if (!step.status.enabled) {
    const { required } = step.status;
    body = (
      <Stack component="form" spacing={2} noValidate aria-label={t.title} onSubmit={(e) => start(e, required)}>
        {required && <Alert severity="warning">{t.required}</Alert>}
        <Typography>{t.intro}</Typography>
        <Typography>{t.isOff}</Typography>
        {passwordField}
        <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
          {t.start}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack component="form" spacing={2} noValidate aria-label={t.title} onSubmit={onForm}>
        <Alert severity="success">{t.isOn}</Alert>
        <Typography>{t.intro}</Typography>
        {passwordField}
        <Typography variant="body2" color="text.secondary">
          {t.newCodesHint}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button type="submit" name="action" value="codes" variant="outlined" disabled={busy}>
            {t.newCodes}
          </Button>
          <Button type="submit" name="action" value="disable" color="error" variant="outlined" disabled={busy}>
            {t.disable}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Card sx={{ flex: 1, width: '100%', maxWidth: 560 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
          {t.title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
