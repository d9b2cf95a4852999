import { useId, useState, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { useGetIdentity, useLogout, useTheme } from 'react-admin';
import { Button, Divider, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import SettingsIcon from '@mui/icons-material/Settings';
import LogoutIcon from '@mui/icons-material/Logout';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../domain/locales';
import { setLocale, useLocale, useMessages } from '../../base/locale';

/**
 * The user's first and last name in the header, opening a menu with Settings, Sign Out, the dark theme (remembered in
 * this browser; until chosen, the system's preference) and the console's language.
 */
export function UserMenuButton() {
  const m = useMessages();
  const locale = useLocale();
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [mode, setMode] = useTheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!identity) return null;
  const open = anchor !== null;
  const close = (): void => setAnchor(null);
  const signOut = (): void => {
    close();
    // Ends the server session, clears the stored user and react-admin's state, then goes home.
    void logout({}, '/', false);
  };
  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        startIcon={<AccountCircle />}
        endIcon={<ArrowDropDown />}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', whiteSpace: 'nowrap' }}
      >
        {identity.fullName}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={open} onClose={close}>
        <MenuItem component={Link} to="/settings/account" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.header.settings}</ListItemText>
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.header.signOut}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          role="menuitemcheckbox"
          aria-checked={mode === 'dark'}
          onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        >
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{m.header.darkTheme}</ListItemText>
          {mode === 'dark' && <CheckIcon fontSize="small" sx={{ ml: 2 }} />}
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: 2.5 }}>{m.header.language}</ListSubheader>
        {LOCALES.map((l: Locale) => (
          <MenuItem
            key={l}
            role="menuitemradio"
            aria-checked={l === locale}
            lang={l}
            onClick={() => {
              close();
              setLocale(l);
            }}
          >
            <ListItemIcon>{l === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{LOCALE_NAMES[l]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
