import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import CloseIcon from '@mui/icons-material/Close';
import { useMessages } from '../../../base/locale';
import type { SlotUpload } from './useImageSlots';

interface Props {
  upload: SlotUpload;
  /** The slot's name, e.g. 'Image 1', which the buttons' accessible names carry. */
  label: string;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

const colour = {
  running: 'primary',
  paused: 'warning',
  success: 'success',
  canceled: 'inherit',
  error: 'error',
} as const;

/** One upload: its file name, a progress bar, its state, and pause / resume / cancel while it runs. */
export function UploadStatus({ upload, label, onPause, onResume, onCancel }: Props) {
  const t = useMessages().images;
  const { state, sent, total, name, message } = upload;
  const percent = total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 0;
  const busy = state === 'running' || state === 'paused';
  const lower = label.toLowerCase();
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Typography variant="body2" noWrap title={name}>
        {name}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={colour[state]}
        aria-label={`${t.uploadProgress}, ${lower}`}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* The state is announced; the percentage is left to the progress bar, so screen readers are not flooded. */}
        <Typography variant="caption" role="status" color={state === 'error' ? 'error' : 'text.secondary'}>
          {t.uploadStates[state]}
        </Typography>
        {busy && (
          <Typography variant="caption" color="text.secondary" aria-hidden>
            {percent}%
          </Typography>
        )}
      </Box>
      {state === 'error' && message && (
        <Typography variant="body2" color="error" role="alert">
          {message}
        </Typography>
      )}
      {busy && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          {state === 'running' ? (
            <Button size="small" startIcon={<PauseIcon />} onClick={onPause} aria-label={`${t.pause} ${lower}`}>
              {t.pause}
            </Button>
          ) : (
            <Button size="small" startIcon={<PlayArrowIcon />} onClick={onResume} aria-label={`${t.resume} ${lower}`}>
              {t.resume}
            </Button>
          )}
          <Button
            size="small"
            color="inherit"
            startIcon={<CloseIcon />}
            onClick={onCancel}
            aria-label={`${t.cancel} ${lower}`}
          >
            {t.cancel}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
