import { Link } from 'react-router-dom';
import {
  Box,
  Card,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import DevicesIcon from '@mui/icons-material/Devices';
import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import { useMessages } from '../../base/locale';
import { MyAccountForm } from './MyAccountForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { Sessions } from './Sessions';
import { Passkeys } from './Passkeys';
import { TwoFactor } from './TwoFactor';

/** The sections of Account Settings, each at its own address. */
const SECTIONS = [
  { key: 'account', to: '/settings/account', icon: <PersonIcon /> },
  { key: 'sessions', to: '/settings/sessions', icon: <DevicesIcon /> },
  { key: 'twoFactor', to: '/settings/two-factor', icon: <PhonelinkLockIcon /> },
  { key: 'passkeys', to: '/settings/passkeys', icon: <KeyIcon /> },
] as const;

type Section = (typeof SECTIONS)[number]['key'];

/**
 * /settings/account, /settings/sessions, /settings/two-factor and /settings/passkeys: the Account Settings page, its
 * side menu, and the chosen section.
 */
export default function AccountSettings({ section = 'account' }: { section?: Section }) {
  const m = useMessages();
  const t = m.account;
  const label = {
    account: t.title,
    sessions: t.sessions.title,
    twoFactor: m.twoFactor.title,
    passkeys: t.passkeys.title,
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t.pageTitle}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: 'flex-start' }}>
        <Card component="nav" aria-label={t.pageTitle} sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
          <List disablePadding>
            {SECTIONS.map((s) => (
              <ListItem disablePadding key={s.key}>
                <ListItemButton
                  component={Link}
                  to={s.to}
                  selected={s.key === section}
                  aria-current={s.key === section ? 'page' : undefined}
                >
                  <ListItemIcon>{s.icon}</ListItemIcon>
                  <ListItemText primary={label[s.key]} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Card>
        {section === 'sessions' ? (
          <Sessions />
        ) : section === 'passkeys' ? (
          <Passkeys />
        ) : section === 'twoFactor' ? (
          <TwoFactor />
        ) : (
          <Stack spacing={2} sx={{ flex: 1, width: '100%', maxWidth: 560 }}>
            <MyAccountForm />
            <ChangePasswordForm />
          </Stack>
        )}
      </Box>
    </Box>
  );
}
