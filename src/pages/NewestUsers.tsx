import { Link } from 'react-router-dom';
import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import type { User } from '../../domain/users';
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
