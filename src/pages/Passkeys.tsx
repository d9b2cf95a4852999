import { useCallback, useState, type FormEvent } from 'react';
import { useDataProvider } from 'react-admin';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { format } from '../../domain/messages';
import { codeOf, fieldMessagesOf, failureReason } from '../../base/errors';
import { PASSKEY_NAME_MAX, type AccountPasskey } from '../../domain/account';
import type { AppDataProvider } from '../../base/backend';
import { useMessages } from '../../base/locale';
import { AccountListCard, AccountTable, Moment, useAccountList } from './AccountList';
import { RenamePasskeyDialog } from './RenamePasskeyDialog';

/** Whether this browser can make and use passkeys at all. */
const webAuthnHere = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Account Settings → Passkeys: the account's passkeys with 'Rename' and 'Remove', and 'Add a passkey' under a name. */
export function Passkeys() {
  const m = useMessages();
  const t = m.account.passkeys;
  const dataProvider = useDataProvider<AppDataProvider>();
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<AccountPasskey | null>(null);

  const read = useCallback(() => dataProvider.listPasskeys(), [dataProvider]);
  // With the Firebase back end this says passkeys are not there, rather than failing.
  const refusal = useCallback(
    (err: unknown) => (codeOf(err) === 'not_available' ? t.unavailable : (failureReason(err) ?? t.failed)),
    [t.failed, t.unavailable],
  );
  const { state, busy, act } = useAccountList(read, refusal);
  const nameRefusal = (err: unknown) => fieldMessagesOf(err)?.name;

  const add = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!newName.trim()) return setProblem(t.nameRequired);
    setProblem(null);
    const refused = await act(() => dataProvider.addPasskey(newName.trim()), t.addedDone, t.addFailed, nameRefusal);
    if (refused) setProblem(refused);
    else setNewName('');
  };

  const label = (p: AccountPasskey): string => p.name || t.unnamed;

  return (
    <AccountListCard title={t.title} intro={t.intro} state={state}>
      {(items) => (
        <>
          {items.length === 0 ? (
            <Typography sx={{ mb: 2 }}>{t.empty}</Typography>
          ) : (
            <Box sx={{ mb: 2 }}>
              <AccountTable
                label={t.title}
                items={items}
                rowKey={(p) => p.id}
                columns={[
                  { label: t.name, cell: label },
                  { label: t.added, cell: (p) => <Moment at={p.createdAt} /> },
                ]}
                actions={(p) => (
                  <>
                    <Button
                      size="small"
                      disabled={busy}
                      aria-label={format(t.renameOf, { name: label(p) })}
                      onClick={() => setRenaming(p)}
                    >
                      {t.rename}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      aria-label={format(t.removeOf, { name: label(p) })}
                      onClick={() => void act(() => dataProvider.removePasskey(p.id), t.removed, t.failed, nameRefusal)}
                    >
                      {t.remove}
                    </Button>
                  </>
                )}
              />
            </Box>
          )}
          {webAuthnHere() ? (
            <Stack
              component="form"
              onSubmit={add}
              noValidate
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              // The button goes under the name where the card is too narrow for both (the sidebar open at 600 px).
              useFlexGap
              flexWrap="wrap"
              alignItems="flex-start"
              aria-label={t.add}
            >
              <TextField
                name="passkeyName"
                label={t.newName}
                value={newName}
                onChange={(e) => setNewName(e.target.value)}
                required
                size="small"
                // At most the card's width: 280 px is more than a 320 px window leaves it.
                sx={{ minWidth: 'min(280px, 100%)' }}
                error={problem !== null}
                helperText={problem ?? undefined}
                slotProps={{ htmlInput: { maxLength: PASSKEY_NAME_MAX } }}
              />
              <Button type="submit" variant="contained" disabled={busy} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t.add}
              </Button>
            </Stack>
          ) : (
            <Alert severity="info">{t.unsupported}</Alert>
          )}
          {renaming && (
            <RenamePasskeyDialog
              passkey={renaming}
              label={label(renaming)}
              busy={busy}
              onClose={() => setRenaming(null)}
              onSave={async (name) => {
                const refused = await act(
                  () => dataProvider.renamePasskey(renaming.id, name),
                  t.renamed,
                  t.failed,
                  nameRefusal,
                );
                if (!refused) setRenaming(null);
                return refused;
              }}
            />
          )}
        </>
      )}
    </AccountListCard>
  );
}
