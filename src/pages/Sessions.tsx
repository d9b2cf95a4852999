import { useCallback } from 'react';
import { useDataProvider, useLogout } from 'react-admin';
import { Button, Chip, Typography } from '@mui/material';
import { format } from '../../domain/messages';
import { failureReason } from '../../base/errors';
import type { AccountSession } from '../../domain/account';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { AccountListCard, AccountTable, Moment, useAccountList } from './AccountList';

/**
 * Account Settings → Sessions: where the account is signed in, each with 'Sign out', and 'Sign out everywhere else'.
 */
export function Sessions() {
  const m = useMessages();
  const t = m.account.sessions;
  const dataProvider = useDataProvider<AppDataProvider>();
  const logout = useLogout();
  const read = useCallback(() => dataProvider.listSessions(), [dataProvider]);
  // With the Firebase back end this says it is not available there, rather than failing.
  const refusal = useCallback((err: unknown) => failureReason(err) ?? t.failed, [t.failed]);
  const { state, busy, act } = useAccountList(read, refusal);

  const name = (s: AccountSession): string =>
    s.browser && s.system
      ? format(t.on, { browser: s.browser, system: s.system })
      : (s.browser ?? s.system ?? t.unknown);

  return (
    <AccountListCard title={t.title} intro={t.intro} state={state}>
      {(items) => (
        <>
          <AccountTable
            label={t.title}
            items={items}
            rowKey={(s) => s.id}
            columns={[
              {
                label: t.browser,
                cell: (s) => (
                  <>
                    {name(s)} {s.current && <Chip size="small" color="primary" label={t.thisOne} sx={{ ml: 1 }} />}
                  </>
                ),
              },
              { label: t.address, cell: (s) => s.address ?? t.unknown },
              { label: t.signedIn, cell: (s) => <Moment at={s.signedIn} /> },
              { label: t.lastUsed, cell: (s) => <Moment at={s.lastUsed} /> },
            ]}
            actions={(s) => (
              <Button
                size="small"
                disabled={busy}
                aria-label={format(t.signOutSession, { name: name(s) })}
                // This browser's own session ends as the header's Sign Out does.
                onClick={() =>
                  s.current ? void logout() : void act(() => dataProvider.endSession(s.id), t.ended, t.failed)
                }
              >
                {t.signOut}
              </Button>
            )}
          />
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t.lastUsedHint}
          </Typography>
          <Button
            variant="outlined"
            sx={{ mt: 2 }}
            disabled={busy || items.every((s) => s.current)}
            onClick={() => void act(() => dataProvider.endOtherSessions(), t.endedOthers, t.failed)}
          >
            {t.signOutOthers}
          </Button>
        </>
      )}
    </AccountListCard>
  );
}
