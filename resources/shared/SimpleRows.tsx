import { Link } from 'react-router-dom';
import { Avatar, List, ListItemAvatar, ListItemButton, ListItemText, useMediaQuery, useTheme } from '@mui/material';

/** One row of a small-screen list: what it says, where a tap goes, and an optional picture. */
export interface SimpleRow {
  key: string;
  to: string;
  primary: string;
  secondary: string;
  /** A thumbnail address; decorative, as the text says what it is. */
  image?: string;
  /** What the link says to a screen reader (the row's EDIT). */
  linkLabel: string;
}

/** True below the small breakpoint (a phone held upright), where lists become simple lists. */
export function useSmallScreen(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'));
}

/** react-admin's SimpleList pattern: primary and secondary text, the thumbnail, and a tap opens the edit page. */
export function SimpleRows({ label, rows }: { label: string; rows: SimpleRow[] }) {
  return (
    <List aria-label={label} disablePadding>
      {rows.map((r) => (
        <ListItemButton key={r.key} component={Link} to={r.to} divider aria-label={r.linkLabel}>
          {r.image !== undefined && (
            <ListItemAvatar>
              <Avatar variant="rounded" src={r.image} alt="" />
            </ListItemAvatar>
          )}
          <ListItemText primary={r.primary} secondary={r.secondary} slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }} />
        </ListItemButton>
      ))}
    </List>
  );
}
