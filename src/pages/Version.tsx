import { useLocation } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useMessages } from '../../base/locale';
import { PublicFrame } from './PublicFrame';

/** Where the gate came from, when it sent the user here (so the reload lands back there). */
function fromOf(state: unknown): string | null {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : null;
  // Only paths of this console: never an address elsewhere.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** /version: the loaded bundle is older or newer than the server; reloading fetches the current one. */
export default function Version() {
  const t = useMessages().version;
  const { state } = useLocation();
  const reload = (): void => {
    const from = fromOf(state);
    if (from) window.location.assign(from);
    else window.location.reload();
  };
  return (
    <PublicFrame title={t.title}>
      <Typography sx={{ my: 2 }}>{t.body}</Typography>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={reload}>
        {t.reload}
      </Button>
    </PublicFrame>
  );
}
