import { useState } from 'react';
import { DataTable, useRefresh } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@mui/material';
import { USER_SHOWS, type User } from '../../domain/users';
import { format } from '../../domain/messages';
import { useLocale, useMessages } from '../../base/locale';
import { ResourceList, RowHeaderCol } from '../shared/ResourceList';
import { ListFrame } from '../shared/ListFrame';
import { flagLabel, shortDate, shownLabel } from './format';
import { fullName } from '../../domain/names';
import { editUserPath, usersListPath } from './paths';
import { UserCreate } from './UserCreate';
import { ExportButton } from '../shared/ExportButton';
import type { CsvColumn } from '../shared/csv';

/** The users file: each record's fields by their own names. */
const csvColumns: CsvColumn<User>[] = (
  ['uid', 'firstName', 'lastName', 'email', 'userType', 'active', 'isEditor', 'isAdmin', 'created', 'updated'] as const
).map((k) => ({ header: k, value: (u: User) => u[k] }));

/**
 * /users/users: every user, oldest first, ten at a time with 'More'; admins add colleagues from here. `?show=…` narrows
 * it to one kind of staff (the dashboard's figures link there), said above the rows with a way back to everyone.
 */
export default function UserList() {
  const m = useMessages();
  const locale = useLocale();
  const t = m.users;
  // A colleague added: the list reads its pages again (the newest comes last, on the last page).
  const refresh = useRefresh();
  const [invited, setInvited] = useState<string | null>(null);
  const [params] = useSearchParams();
  const show = USER_SHOWS.find((s) => s === params.get('show'));
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
      {show && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button component={RouterLink} to={usersListPath()} color="inherit" size="small">
              {t.showAll}
            </Button>
          }
        >
          {format(t.showing, { what: shownLabel(show, m) })}
        </Alert>
      )}
      {/* Name, Email, Created, User Type, Active, Editor, Admin, then EDIT. */}
      <ResourceList<User>
        key={show ?? 'all'}
        filter={show === undefined ? undefined : { show }}
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
