import { Box } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';

/** A warning mark beside a text: an icon (hidden from screen readers) and the words that say what is wrong. */
export function Mark({ text }: { text: string }) {
  return (
    // The words keep the surrounding text colour: orange 12 px text falls short of WCAG's 4.5:1 on white; the icon
    // (a graphic, 3:1 suffices) carries the colour.
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 500 }}>
      <WarningAmberIcon fontSize="inherit" aria-hidden sx={{ color: 'warning.dark' }} />
      {text}
    </Box>
  );
}
