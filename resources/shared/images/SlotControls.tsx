import { Box, Button, IconButton, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { format } from '../../../domain/messages';
import { useMessages } from '../../../base/locale';

interface Props {
  /** The slot's position, 0-based. */
  index: number;
  /** Prefix of the buttons' ids, so focus can be put back on them after a move. */
  idBase: string;
  /** Null where there is no chosen image to swap places with (or hide the move buttons when both are). */
  onEarlier: (() => void) | null;
  onLater: (() => void) | null;
  /** Null when this is the last image, which must stay. */
  onRemove: (() => void) | null;
  /** Why Remove is off (the field needs at least one image). */
  lastImage: string;
}

/** A chosen image's buttons: move earlier, move later (keyboard reachable, named by image), and remove. */
export function SlotControls({ index, idBase, onEarlier, onLater, onRemove, lastImage }: Props) {
  const t = useMessages().images;
  const n = { n: index + 1 };
  const whyNot = `${idBase}-why`;
  const earlier = format(t.moveEarlier, n);
  const later = format(t.moveLater, n);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        {(onEarlier || onLater) && (
          <>
            <IconButton
              id={`${idBase}-earlier`}
              size="small"
              aria-label={earlier}
              title={earlier}
              disabled={!onEarlier}
              onClick={onEarlier ?? undefined}
            >
              <ArrowBackIcon fontSize="small" />
            </IconButton>
            <IconButton
              id={`${idBase}-later`}
              size="small"
              aria-label={later}
              title={later}
              disabled={!onLater}
              onClick={onLater ?? undefined}
            >
              <ArrowForwardIcon fontSize="small" />
            </IconButton>
          </>
        )}
        <Button
          id={`${idBase}-remove`}
          size="small"
          color="inherit"
          startIcon={<DeleteIcon />}
          aria-label={format(t.removeImage, n)}
          aria-describedby={onRemove ? undefined : whyNot}
          disabled={!onRemove}
          onClick={onRemove ?? undefined}
          sx={{ ml: 'auto' }}
        >
          {t.remove}
        </Button>
      </Box>
      {!onRemove && (
        <Typography id={whyNot} variant="caption" color="text.secondary" component="p">
          {lastImage}
        </Typography>
      )}
    </Box>
  );
}
