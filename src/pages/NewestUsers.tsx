import { Link } from 'react-router-dom';
import { useGetList, usePermissions } from 'react-admin';
import { Card, CardContent, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { USERS_STORE_DEFAULT_LIMIT } from '../../domain/constants';
import { useMessages } from '../../base/locale';
import type { User } from '../../domain/users';
import type { Permissions } from '../../base/backend';
import { shortDate } from '../../resources/users/format';
import { fullName } from '../../domain/names';
import { editUserPath } from '../../resources/users/paths';

/** The newest users, each a link to their edit page; 'No users' when there are none. */
export function NewestUsersList({ users }: { users: readonly User[] }) {
  const m = useMessages();
  if (users.length === 0) return <Typography color="text.secondary">{m.users.empty}</Typography>;
  return (
    <List disablePadding>
      {users.map((u) => (
        <ListItem key={u.uid} disablePadding divider>
          <ListItemButton component={Link} to={editUserPath(u.uid)}>
            <ListItemText
              primary={fullName(u)}
              secondary={`${u.email} · ${m.users.created} ${shortDate(u.created, m)}`}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The admin's newest users card, read through the users list (the users store's action, created descending): the
 * dashboard's on a back end without its figures; nothing for others.
 */
export function NewestUsers() {
  const m = useMessages();
  const { permissions } = usePermissions<Permissions>();
  const isAdmin = permissions?.isAdmin === true && permissions.active;
  const { data } = useGetList<User & { id: string }>(
    'users',
    { pagination: { page: 1, perPage: USERS_STORE_DEFAULT_LIMIT }, meta: { view: 'newest' } },
    { enabled: isAdmin, retry: false },
  );
  if (!isAdmin || !data) return null;
  return (
    <Card component="section" aria-labelledby="newest-users" sx={{ mt: 2, maxWidth: 560 }}>
      <CardContent>
        <Typography id="newest-users" component="h2" variant="h6" gutterBottom>
          {m.dashboard.newestUsers}
        </Typography>
        <NewestUsersList users={data} />
      </CardContent>
    </Card>
  );
}
