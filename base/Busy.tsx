import { Box, CircularProgress } from '@mui/material';
import { useMessages } from './locale';

interface Props {
  /** The whole screen (the gate, a public page's check) rather than the content area. */
  fullScreen?: boolean;
  /** What screen readers announce. */
  label?: string;
  /** The least height of the area it centres in, when not full screen. */
  minHeight?: number | string;
}

/** The one busy indicator: a centred spinner that screen readers announce as a labelled progressbar. */
export function Busy({ fullScreen = false, label, minHeight = '40vh' }: Props) {
  const loading = useMessages().gate.loading;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100vh' : minHeight, width: '100%' }}>
      <CircularProgress aria-label={label ?? loading} />
    </Box>
  );
}
