import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Avatar,
  Box,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  useMediaQuery,
  useTheme,
} from '@mui/material';

/** One row of a small-screen list: what it says, where a tap goes, and an optional picture. */
export interface SimpleRow {
  key: string;
  to: string;
  primary: string;
  secondary: string;
  /** A thumbnail address; decorative, as the text says what it is. */
  image?: string;
  /**
   * Something the row says under its text (a product's 'Swedish missing'), phrasing content only; read as part of the
   * row's link.
   */
  note?: ReactNode;
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
        <ListItem key={r.key} disablePadding divider>
          {/* Its name is what it shows (name and secondary text), so speech input can say what it sees. */}
          <ListItemButton component={Link} to={r.to}>
            {r.image !== undefined && (
              <ListItemAvatar>
                <Avatar variant="rounded" src={r.image} alt="" />
              </ListItemAvatar>
            )}
            <ListItemText
              primary={r.primary}
              // The note on a line of its own under the secondary text, so neither squeezes the name on a narrow phone.
              secondary={
                r.note ? (
                  <>
                    {r.secondary}
                    <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                      {r.note}
                    </Box>
                  </>
                ) : (
                  r.secondary
                )
              }
              slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
