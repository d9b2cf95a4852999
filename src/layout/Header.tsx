import { AppBar, LoadingIndicator, useGetIdentity } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { useMessages } from '../../base/locale';
import type { Identity } from '../../base/backend';
import { UserMenuButton } from './UserMenuButton';

/** The top bar: the console's name (not on a phone), an Admin label for admins, and the user's name with its menu. */
export function Header() {
  const m = useMessages();
  const { identity } = useGetIdentity();
  const isAdmin = (identity as Identity | undefined)?.isAdmin === true;
  return (
    <AppBar userMenu={<UserMenuButton />} toolbar={<LoadingIndicator />}>
      {/* On a phone the name, the Admin label and the menu leave the console's name a letter or two ('L…'): it is
          hidden there (its room kept), and the page's own heading says where one is. */}
      <Typography
        component="span"
        variant="h6"
        noWrap
        sx={{ flex: 1, fontSize: '1.1rem', visibility: { xs: 'hidden', sm: 'visible' } }}
      >
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
