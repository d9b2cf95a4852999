import { Form, SaveButton, TextInput, required, useDataProvider, useGetIdentity, useNotify } from 'react-admin';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { currentMessages, useMessages } from '../../base/locale';
import type { AppDataProvider, Identity } from '../../base/backend';
import { Busy } from '../../base/Busy';

/** Required, and more than blanks (the server trims names too). */
const notBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? undefined : currentMessages().common.required;
const nameRules = [required(), notBlank];

/** My Account: first and last name editable, email read-only; a failed save keeps what was typed. */
export function MyAccountForm() {
  const t = useMessages().account;
  const { identity, isPending, refetch } = useGetIdentity();
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  if (isPending || !identity) return <Busy />;
  const me = identity as Identity;

  const save = async (values: Record<string, unknown>): Promise<void> => {
    try {
      await dataProvider.updateMe({
        firstName: String(values.firstName).trim(),
        lastName: String(values.lastName).trim(),
      });
      notify(t.saved, { type: 'success' });
      // The provider stored the new record; the header reads it from there.
      await refetch();
    } catch {
      notify(t.failure, { type: 'error' });
    }
  };

  return (
    <Card sx={{ flex: 1, width: '100%', maxWidth: 560 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography component="h2" variant="h6" gutterBottom>
          {t.title}
        </Typography>
        <Form
          record={{ id: me.uid, firstName: me.firstName, lastName: me.lastName, email: me.email }}
          onSubmit={save}
          warnWhenUnsavedChanges
        >
          <Stack>
            <TextInput source="firstName" label={t.firstName} validate={nameRules} autoComplete="given-name" />
            <TextInput source="lastName" label={t.lastName} validate={nameRules} autoComplete="family-name" />
            <TextInput source="email" label={t.email} readOnly type="email" />
            <SaveButton label={t.save} sx={{ alignSelf: 'flex-start', mt: 1 }} />
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}
