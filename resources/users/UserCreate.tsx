import { useState } from 'react';
import { BooleanInput, Form, SaveButton, TextInput, email, required, useDataProvider, useNotify } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { AddUser, User } from '../../domain/users';
import { currentMessages, useMessages } from '../../base/locale';
import { failureReason, statusOf } from '../../base/errors';

const notBlank = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? undefined : currentMessages().common.required;
const nameRules = [required(), notBlank];
const emailRules = [required(), email()];

/** 'Add User': a dialog that registers a colleague, who then gets a mail to set their password. */
export function UserCreate({ onAdded }: { onAdded: (user: User) => void }) {
  const t = useMessages().users;
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider();
  const notify = useNotify();

  const save = async (values: Record<string, unknown>): Promise<void> => {
    const data: AddUser = {
      email: String(values.email).trim(),
      firstName: String(values.firstName).trim(),
      lastName: String(values.lastName).trim(),
      isEditor: values.isEditor === true,
      isAdmin: values.isAdmin === true,
    };
    try {
      const { data: user } = await dataProvider.create<User & { id: string }>('users', { data });
      notify(t.added, { type: 'success' });
      setOpen(false);
      onAdded(user);
    } catch (err) {
      // A taken address is worth saying plainly; anything else gets the spec's Register failure.
      notify(statusOf(err) === 409 ? (failureReason(err) ?? t.duplicateEmail) : t.addFailure, { type: 'error' });
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)}>
        {t.addTitle}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="add-user-title" fullWidth maxWidth="sm">
        <DialogTitle id="add-user-title">{t.addTitle}</DialogTitle>
        <Form
          onSubmit={save}
          defaultValues={{ email: '', firstName: '', lastName: '', isEditor: false, isAdmin: false }}
        >
          <DialogContent sx={{ pt: 0 }}>
            <Stack>
              <TextInput
                source="email"
                label={t.email}
                type="email"
                validate={emailRules}
                autoComplete="off"
                autoFocus
              />
              <TextInput source="firstName" label={t.firstName} validate={nameRules} autoComplete="off" />
              <TextInput source="lastName" label={t.lastName} validate={nameRules} autoComplete="off" />
              <BooleanInput source="isEditor" label={t.editor} />
              <BooleanInput source="isAdmin" label={t.admin} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
            <SaveButton label={t.add} icon={<PersonAddIcon />} />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
