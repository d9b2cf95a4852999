import { useCallback, useEffect, useState } from 'react';
import { useDataProvider, useLogout, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { format } from '../../domain/messages';
import { failureReason } from '../../base/errors';
import type { AccountSession } from '../../domain/account';
import type { AppDataProvider } from '../../base/backend';
import { useLocale, useMessages } from '../../base/locale';
import { Busy } from '../../base/Busy';
import { exactTime, relativeTime } from '../../resources/shared/history/describe';

type State =
  { status: 'pending' } | { status: 'ready'; items: AccountSession[] } | { status: 'error'; message: string };

/**
 * Account Settings → Sessions: where the account is signed in, each with 'Sign out', and 'Sign out everywhere else'.
 */
export function Sessions() {
  const m = useMessages();
  const t = m.account.sessions;
  const locale = useLocale();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const logout = useLogout();
  const [state, setState] = useState<State>({ status: 'pending' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', items: await dataProvider.listSessions() });
    } catch (err) {
      // With the Firebase back end this says it is not available there, rather than failing.
      setState({ status: 'error', message: failureReason(err) ?? t.failed });
    }
  }, [dataProvider, t.failed]);
  useEffect(() => {
    void load();
  }, [load]);

  const act = async (call: () => Promise<void>, done: string): Promise<void> => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
    } catch (err) {
      notify(failureReason(err) ?? t.failed, { type: 'error' });
    } finally {
      setBusy(false);
      await load();
    }
  };

  const name = (s: AccountSession): string =>
    s.browser && s.system
      ? format(t.on, { browser: s.browser, system: s.system })
      : (s.browser ?? s.system ?? t.unknown);
  const when = (at: string) => (
    <Tooltip title={exactTime(at, locale)} describeChild>
      <Typography component="time" dateTime={at} tabIndex={0} variant="body2">
        {relativeTime(at, locale)}
      </Typography>
    </Tooltip>
  );

  return (
    <Card sx={{ flex: 1, width: '100%', maxWidth: 880 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t.title}
        </Typography>
        {state.status === 'pending' && <Busy minHeight={120} />}
        {state.status === 'error' && <Alert severity="info">{state.message}</Alert>}
        {state.status === 'ready' && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t.intro}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t.title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t.browser}</TableCell>
                    <TableCell>{t.address}</TableCell>
                    <TableCell>{t.signedIn}</TableCell>
                    <TableCell>{t.lastUsed}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {state.items.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>
                        {name(s)} {s.current && <Chip size="small" color="primary" label={t.thisOne} sx={{ ml: 1 }} />}
                      </TableCell>
                      <TableCell>{s.address ?? t.unknown}</TableCell>
                      <TableCell>{when(s.signedIn)}</TableCell>
                      <TableCell>{when(s.lastUsed)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          disabled={busy}
                          aria-label={format(t.signOutSession, { name: name(s) })}
                          // This browser's own session ends as the header's Sign Out does.
                          onClick={() =>
                            s.current ? void logout() : void act(() => dataProvider.endSession(s.id), t.ended)
                          }
                        >
                          {t.signOut}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              {t.lastUsedHint}
            </Typography>
            <Button
              variant="outlined"
              sx={{ mt: 2 }}
              disabled={busy || state.items.every((s) => s.current)}
              onClick={() => void act(() => dataProvider.endOtherSessions(), t.endedOthers)}
            >
              {t.signOutOthers}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
