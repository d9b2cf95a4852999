import { Box } from '@mui/material';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';

/** A warning mark beside a text: an icon (hidden from screen readers) and the words that say what is wrong. */
export function Mark({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}>
      <WarningAmberIcon fontSize="inherit" aria-hidden />
      {text}
    </Box>
  );
}
