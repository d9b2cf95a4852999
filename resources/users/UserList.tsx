import { useState } from 'react';
import { DataTable, useRefresh } from 'react-admin';
import { Alert } from '@mui/material';
import type { User } from '../../domain/users';
import { useLocale, useMessages } from '../../base/locale';
import { ResourceList, RowHeaderCol } from '../shared/ResourceList';
import { ListFrame } from '../shared/ListFrame';
import { flagLabel, shortDate } from './format';
import { fullName } from '../../domain/names';
import { editUserPath } from './paths';
import { UserCreate } from './UserCreate';
import { ExportButton } from '../shared/ExportButton';
import type { CsvColumn } from '../shared/csv';

/** The users file: each record's fields by their own names. */
const csvColumns: CsvColumn<User>[] = (
  ['uid', 'firstName', 'lastName', 'email', 'userType', 'active', 'isEditor', 'isAdmin', 'created', 'updated'] as const
).map((k) => ({ header: k, value: (u: User) => u[k] }));

/** /users/users: every user, oldest first, ten at a time with 'More'; admins add colleagues from here. */
export default function UserList() {
  const m = useMessages();
  const locale = useLocale();
  const t = m.users;
  // A colleague added: the list reads its pages again (the newest comes last, on the last page).
  const refresh = useRefresh();
  const [invited, setInvited] = useState<string | null>(null);
  const added = (user: User): void => {
    refresh();
    setInvited(user.email);
  };

  const actions = (
    <>
      <ExportButton resource="users" columns={csvColumns} stem="users" />
      <UserCreate onAdded={added} />
    </>
  );
  return (
    <ListFrame title={t.title} actions={actions}>
      {invited && (
        <Alert severity="success" onClose={() => setInvited(null)} sx={{ mb: 2 }}>
          {t.invited} ({invited})
        </Alert>
      )}
      {/* Name, Email, Created, User Type, Active, Editor, Admin, then EDIT. */}
      <ResourceList<User>
        resource="users"
        label={t.title}
        edit={{ path: (u) => editUserPath(u.uid), name: fullName }}
        phone={(u) => ({ primary: fullName(u), secondary: `${u.email} · ${u.userType}` })}
        empty={t.empty}
        failed={t.fetchFailed}
      >
        <RowHeaderCol<User> label={t.name} render={fullName} />
        <DataTable.Col label={t.email} render={(u: User) => u.email} sx={{ whiteSpace: 'nowrap' }} />
        <DataTable.Col
          label={t.created}
          render={(u: User) => shortDate(u.created, m, locale)}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <DataTable.Col label={t.userType} render={(u: User) => u.userType} />
        <DataTable.Col label={t.active} render={(u: User) => flagLabel(u.active, m)} />
        <DataTable.Col label={t.editor} render={(u: User) => flagLabel(u.isEditor, m)} />
        <DataTable.Col label={t.admin} render={(u: User) => flagLabel(u.isAdmin, m)} />
      </ResourceList>
    </ListFrame>
  );
}
