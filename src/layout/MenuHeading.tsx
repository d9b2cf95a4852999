import { Divider, ListSubheader } from '@mui/material';
import { useSidebarState } from 'react-admin';

/** A group's title in the sidebar; a plain divider while the sidebar is collapsed to icons. */
export function MenuHeading({ label }: { label: string }) {
  const [open] = useSidebarState();
  if (!open) return <Divider role="presentation" sx={{ my: 0.5 }} />;
  return (
    // Presentation: the menu's items stay its only interactive children, so arrow keys walk them all.
    <ListSubheader role="presentation" disableSticky sx={{ bgcolor: 'transparent', lineHeight: 2.5, mt: 1 }}>
      {label}
    </ListSubheader>
  );
}
