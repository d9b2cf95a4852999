import { Link } from 'react-router-dom';
import { Box, Card, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import { useMessages } from '../locale';
import { MyAccountForm } from './MyAccountForm';

/** /settings/account: the Account Settings page, its side menu and the My Account form. */
export default function AccountSettings() {
  const t = useMessages().account;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.pageTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Card component="nav" aria-label={t.pageTitle} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <List disablePadding>
            <ListItem disablePadding>
              <ListItemButton component={Link} to="/settings/account" selected aria-current="page">
                <ListItemIcon>
                  <PersonIcon />
                </ListItemIcon>
                <ListItemText primary={t.title} />
              </ListItemButton>
            </ListItem>
          </List>
        </Card>
        <MyAccountForm />
      </Box>
    </Box>
  );
}
