import { Box, CircularProgress } from '@mui/material';
import { messages } from '../../domain/messages';

/** A centred spinner that screen readers announce as a labelled progressbar. */
export function Busy() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160, width: '100%' }}>
      <CircularProgress aria-label={messages.gate.loading} />
    </Box>
  );
}
