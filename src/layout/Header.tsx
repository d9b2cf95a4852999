import { AppBar, LoadingIndicator, useGetIdentity } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import type { Identity } from '../../base/backend';
import { UserMenuButton } from './UserMenuButton';

/** The top bar: the console's name, an Admin label for admins, and the user's name with its menu. */
export function Header() {
  const m = useMessages();
  const { identity } = useGetIdentity();
  const isAdmin = (identity as Identity | undefined)?.isAdmin === true;
  return (
    <AppBar userMenu={<UserMenuButton />} toolbar={<LoadingIndicator />}>
      <Typography component="span" variant="h6" noWrap sx={{ flex: 1, fontSize: '1.1rem' }}>
        {m.app.title}
      </Typography>
      {isAdmin && (
        <Chip
          label={m.header.admin}
          size="small"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'currentColor', mx: 1, fontWeight: 600 }}
        />
      )}
    </AppBar>
  );
}
