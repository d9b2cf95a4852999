import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import { messageOf, statusOf } from '../../base/errors';
import { PublicFrame } from './PublicFrame';
import { usePublic } from '../public/PublicContext';
import { preloadConsole } from '../consolePage';

/**
 * /signin: email and password, or a passkey; a failure shows the spec's toast, throttling the server's own message. An
 * account with
 * a second factor then asks for the 6-digit code from the authenticator app, or a recovery code.
 */
export default function SignIn() {
  const m = useMessages();
  const t = m.signin;
  const { authProvider, notify } = usePublic();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [secondStep, setSecondStep] = useState<{ recovery: boolean } | null>(null);
  const [codeProblem, setCodeProblem] = useState<string | null>(null);

  const verify = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!code) return setCodeProblem(m.common.required);
    setBusy(true);
    setCodeProblem(null);
    try {
      const { redirectTo } = await authProvider.verifySecondFactor({ code, recovery: secondStep!.recovery });
      navigate(redirectTo, { replace: true });
    } catch (err) {
      const status = statusOf(err);
      setBusy(false);
      // A wrong code, or one taken already (the server's words: wait for the next one), is said beside the field.
      if (status === 401 && messageOf(err) === m.twoFactor.codeUsed) return setCodeProblem(m.twoFactor.codeUsed);
      if (status === 401 && messageOf(err) !== m.twoFactor.expired) return setCodeProblem(m.twoFactor.wrongCode);
      // Too long, too many tries on this sign-in, or held back: back to the password, with the reason.
      notify((status === 429 && messageOf(err)) || m.twoFactor.expired);
      if (status !== 429) setSecondStep(null);
    }
  };

  if (secondStep) {
    const tf = m.twoFactor;
    return (
      <PublicFrame title={tf.title}>
        <Stack component="form" onSubmit={verify} spacing={2} sx={{ mt: 2 }} noValidate>
          <Typography>{secondStep.recovery ? tf.signinRecoveryIntro : tf.signinIntro}</Typography>
          <TextField
            key={secondStep.recovery ? 'recovery' : 'code'}
            name="code"
            label={secondStep.recovery ? tf.recoveryCode : tf.code}
            autoComplete="one-time-code"
            required
            autoFocus
            fullWidth
            error={codeProblem !== null}
            helperText={codeProblem ?? undefined}
            slotProps={{
              htmlInput: secondStep.recovery
                ? { maxLength: 20, autoCapitalize: 'off', spellCheck: false }
                : { inputMode: 'numeric', maxLength: 7 },
            }}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {tf.verify}
          </Button>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setCodeProblem(null);
              setSecondStep({ recovery: !secondStep.recovery });
            }}
            sx={{ alignSelf: 'flex-start' }}
          >
            {secondStep.recovery ? tf.useApp : tf.useRecovery}
          </Link>
        </Stack>
      </PublicFrame>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    preloadConsole();
    try {
      const { redirectTo, secondFactor } = await authProvider.login({
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      });
      if (secondFactor) {
        setBusy(false);
        return setSecondStep({ recovery: false });
      }
      navigate(redirectTo, { replace: true });
    } catch (err) {
      // Throttled, or an account that must sign in with its passkey: the server's own words; else the one refusal.
      const own = statusOf(err) === 429 || statusOf(err) === 403;
      notify((own && messageOf(err)) || t.failure);
      setBusy(false);
    }
  };

  // Offered where the back end has passkeys and the browser can use them (not in Firebase mode).
  const withPasskey =
    authProvider.loginWithPasskey && typeof window.PublicKeyCredential === 'function'
      ? authProvider.loginWithPasskey
      : null;
  const passkey = async (): Promise<void> => {
    if (!withPasskey) return;
    setBusy(true);
    preloadConsole();
    try {
      await withPasskey();
      navigate('/', { replace: true });
    } catch (err) {
      const throttled = statusOf(err) === 429;
      notify((throttled && messageOf(err)) || t.passkeyFailure);
      setBusy(false);
    }
  };

  return (
    <PublicFrame title={t.title}>
      {/* The signed-in screens download while the details are typed, not with the page (it stays light). */}
      <Stack component="form" onSubmit={submit} onInput={preloadConsole} spacing={2} sx={{ mt: 2 }}>
        <TextField name="email" type="email" label={t.email} autoComplete="username" required autoFocus fullWidth />
        <TextField
          name="password"
          type="password"
          label={t.password}
          autoComplete="current-password"
          required
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {t.submit}
        </Button>
        {withPasskey && (
          <Button type="button" variant="outlined" size="large" disabled={busy} onClick={() => void passkey()}>
            {t.passkey}
          </Button>
        )}
        <Link component={RouterLink} to="/forgot" variant="body2">
          {t.forgotLink}
        </Link>
      </Stack>
    </PublicFrame>
  );
}
