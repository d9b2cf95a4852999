import { useState } from 'react';
import { useNotify } from 'react-admin';
import { Alert, Box, Stack, Typography } from '@mui/material';
import type { User } from '../../domain/users';
import { useLocale, useMessages } from '../../base/locale';
import { useCursorPages } from '../../base/useCursorPages';
import { PagedTable, type Column } from '../shared/PagedTable';
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
  const notify = useNotify();
  const pages = useCursorPages<User>('users', () => notify(t.fetchFailed, { type: 'error' }));
  const [invited, setInvited] = useState<string | null>(null);
  const added = (user: User): void => {
    pages.append(user);
    setInvited(user.email);
  };
  // Name, Email, Created, User Type, Active, Editor, Admin, then EDIT.
  const columns: Column<User>[] = [
    { label: t.name, cell: fullName, rowHeader: true },
    { label: t.email, cell: (u) => u.email, sx: { whiteSpace: 'nowrap' } },
    { label: t.created, cell: (u) => shortDate(u.created, m, locale), sx: { whiteSpace: 'nowrap' } },
    { label: t.userType, cell: (u) => u.userType },
    { label: t.active, cell: (u) => flagLabel(u.active, m) },
    { label: t.editor, cell: (u) => flagLabel(u.isEditor, m) },
    { label: t.admin, cell: (u) => flagLabel(u.isAdmin, m) },
  ];

  return (
    <Box sx={{ mt: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h4">
          {t.title}
        </Typography>
        <Stack direction="row" spacing={1}>
          <ExportButton resource="users" columns={csvColumns} stem="users" />
          <UserCreate onAdded={added} />
        </Stack>
      </Stack>
      {invited && (
        <Alert severity="success" onClose={() => setInvited(null)} sx={{ mb: 2 }}>
          {t.invited} ({invited})
        </Alert>
      )}
      <PagedTable
        pages={pages}
        label={t.title}
        columns={columns}
        edit={{ path: (u) => editUserPath(u.uid), name: fullName }}
        phone={(u) => ({ primary: fullName(u), secondary: `${u.email} · ${u.userType}` })}
        empty={t.empty}
        failed={t.fetchFailed}
      />
    </Box>
  );
}
