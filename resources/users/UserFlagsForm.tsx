import { Form, SaveButton, SelectInput, TextInput, required, useNotify, useUpdate } from 'react-admin';
import { Box, CardContent, Stack, Typography } from '@mui/material';
import type { User, UserFlagsUpdate } from '../../domain/users';
import { useLocale, useMessages } from '../../base/locale';
import { failureReason } from '../../base/errors';
import { shortDate } from './format';

const flags = ['active', 'isEditor', 'isAdmin'] as const;

type Editable = User & { id: string };

/** The user's account read-only and the Active, Editor and Admin selects (True/False); saves only what changed. */
export function UserFlagsForm({ user }: { user: Editable }) {
  const m = useMessages();
  const locale = useLocale();
  const t = m.users;
  const labels: Record<(typeof flags)[number], string> = { active: t.active, isEditor: t.editor, isAdmin: t.admin };
  // Selects hold 'true'/'false' text; the record holds booleans.
  const choices = [
    { id: 'true', name: t.trueLabel },
    { id: 'false', name: t.falseLabel },
  ];
  const [update] = useUpdate<Editable>();
  const notify = useNotify();
  const record = {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    active: String(user.active),
    isEditor: String(user.isEditor),
    isAdmin: String(user.isAdmin),
  };

  const save = async (values: Record<string, unknown>): Promise<void> => {
    const data: UserFlagsUpdate = {};
    for (const flag of flags) {
      const value = values[flag] === 'true';
      if (value !== user[flag]) data[flag] = value;
    }
    try {
      await update(
        'users',
        { id: user.id, data, previousData: user },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(t.updated, { type: 'success' });
    } catch (err) {
      // Refusals (own admin rights, own account, the last admin) carry the server's reason.
      const reason = failureReason(err);
      notify(reason ? `${t.failure}: ${reason}` : t.failure, { type: 'error', multiLine: Boolean(reason) });
    }
  };

  return (
    <CardContent sx={{ p: 3 }}>
      <Form record={record} onSubmit={save} warnWhenUnsavedChanges>
        <Stack>
          <TextInput source="email" label={t.email} readOnly />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextInput source="firstName" label={t.firstName} readOnly sx={{ flex: 1, minWidth: 200 }} />
            <TextInput source="lastName" label={t.lastName} readOnly sx={{ flex: 1, minWidth: 200 }} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t.created}: {shortDate(user.created, m, locale)} · {t.updatedOn}: {shortDate(user.updated, m, locale)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {flags.map((flag) => (
              <SelectInput
                key={flag}
                source={flag}
                label={labels[flag]}
                choices={choices}
                validate={required()}
                sx={{ flex: '1 1 160px' }}
              />
            ))}
          </Box>
          <SaveButton label={t.save} sx={{ alignSelf: 'flex-start', mt: 1 }} />
        </Stack>
      </Form>
    </CardContent>
  );
}
