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

/** The admin's dashboard card: the newest users (the users store's action, created descending); nothing for others. */
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
        {data.length === 0 ? (
          <Typography color="text.secondary">{m.users.empty}</Typography>
        ) : (
          <List disablePadding>
            {data.map((u) => (
              <ListItem key={u.id} disablePadding divider>
                <ListItemButton component={Link} to={editUserPath(u.uid)}>
                  <ListItemText
                    primary={fullName(u)}
                    secondary={`${u.email} · ${m.users.created} ${shortDate(u.created, m)}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
