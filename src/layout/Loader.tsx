import { Box, CircularProgress } from '@mui/material';
import { messages } from '../../domain/messages';

/** A centred spinner that screen readers announce as a labelled progressbar. */
export function Loader({ fullScreen = false, label = messages.gate.loading }: { fullScreen?: boolean; label?: string }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : '40vh', width: '100%' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
