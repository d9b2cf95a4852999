import type { ChangeEvent, Ref } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useMessages } from '../../src/locale';
import { IMAGE_ACCEPT, PLACEHOLDER_IMAGE } from './images';
import { isChosen, type Slot } from './useImageSlots';
import { UploadStatus } from './UploadStatus';
import { visuallyHidden } from '../shared/visuallyHidden';

interface Props {
  index: number;
  slot: Slot;
  /** Whether the slot shows its image, or a placeholder when it has none (edit), or only a picker (add). */
  showImage: boolean;
  onChoose: (file: File) => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  /** The form field's ref, so a failed submit can move focus to the first picker. */
  inputRef?: Ref<HTMLInputElement>;
}

/** What the slot shows: the uploading file, the stored image's thumbnail, or the placeholder. */
function pictureOf(slot: Slot): string {
  const u = slot.upload;
  if (u?.preview && (u.state === 'running' || u.state === 'paused')) return u.preview;
  return slot.thumbnail ?? slot.address ?? PLACEHOLDER_IMAGE;
}

/** One image slot: its picture, a picker (jpg, png, jpeg) that uploads at once, and the upload's progress. */
export function ImageSlot({ index, slot, showImage, onChoose, onPause, onResume, onCancel, inputRef }: Props) {
  const t = useMessages().products;
  const label = `${t.image} ${index + 1}`;
  const filled = isChosen(slot);
  const action = `${filled ? t.replaceImage : t.chooseImage} ${index + 1}`;
  const picked = (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a choice.
    e.target.value = '';
    if (file) onChoose(file);
  };
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, m: 0, minWidth: 0, width: { xs: '100%', sm: 220 } }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {(showImage || filled) && (
          <Box
            component="img"
            src={pictureOf(slot)}
            alt={filled ? label : t.noImage}
            sx={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
          />
        )}
        {/* The native input stays focusable (Tab, then Space or Enter); the label is what people see. */}
        <Button
          component="label"
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          tabIndex={-1}
          role={undefined}
          sx={{ '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 } }}
        >
          {action}
          <input type="file" accept={IMAGE_ACCEPT} onChange={picked} ref={inputRef} style={visuallyHidden} />
        </Button>
        {slot.upload && <UploadStatus upload={slot.upload} label={label} onPause={onPause} onResume={onResume} onCancel={onCancel} />}
      </Stack>
    </Box>
  );
}
