import { useState, type ChangeEvent, type DragEvent, type Ref } from 'react';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import UploadIcon from '@mui/icons-material/Upload';
import { useMessages } from '../../../base/locale';
import { IMAGE_ACCEPT, PLACEHOLDER_IMAGE } from './images';
import { isChosen, type Slot } from './useImageSlots';
import { UploadStatus } from './UploadStatus';
import { SlotControls } from './SlotControls';
import { visuallyHidden } from '../../../base/visuallyHidden';

/** The drag data type of an image moved between slots (files from the desktop come as 'Files'). */
export const SLOT_DRAG_TYPE = 'application/x-image-slot';

interface Props {
  index: number;
  slot: Slot;
  /** Whether the slot shows its image, or a placeholder when it has none (edit), or only a picker (add). */
  showImage: boolean;
  /** Whether this slot's image is the primary one (the first image saved). */
  primary: boolean;
  /** Prefix of the ids of the slot's buttons. */
  idBase: string;
  onChoose: (file: File) => void;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onEarlier: (() => void) | null;
  onLater: (() => void) | null;
  onRemove: (() => void) | null;
  /** Why Remove is off on the last image. */
  lastImage: string;
  /** Dragging this slot's image starts and ends; another slot's image is dropped here (when `takesSlot`). */
  onDragStart: () => void;
  onDragEnd: () => void;
  takesSlot: boolean;
  onDropSlot: () => void;
  /** The form field's ref, so a failed submit can move focus to the first picker. */
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
}

/** What the slot shows: the uploading file, the stored image's thumbnail, or the placeholder. */
function pictureOf(slot: Slot): string {
  const u = slot.upload;
  if (u?.preview && (u.state === 'running' || u.state === 'paused')) return u.preview;
  return slot.thumbnail ?? slot.address ?? PLACEHOLDER_IMAGE;
}

/**
 * One image slot: its picture, a picker (jpg, png, jpeg) or a dropped file that uploads at once, its progress and its
 * buttons.
 */
export function ImageSlot(props: Props) {
  const { index, slot, showImage, primary, onChoose, takesSlot } = props;
  const t = useMessages().images;
  const [over, setOver] = useState(false);
  const label = `${t.image} ${index + 1}`;
  const filled = isChosen(slot);
  const action = `${filled ? t.replaceImage : t.chooseImage} ${index + 1}`;
  const picked = (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again still counts as a choice.
    e.target.value = '';
    if (file) onChoose(file);
  };
  const welcome = (e: DragEvent): boolean =>
    e.dataTransfer.types.includes('Files') || (takesSlot && e.dataTransfer.types.includes(SLOT_DRAG_TYPE));
  const dragOver = (e: DragEvent): void => {
    if (!welcome(e)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = e.dataTransfer.types.includes('Files') ? 'copy' : 'move';
    setOver(true);
  };
  const dragLeave = (e: DragEvent): void => {
    if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setOver(false);
  };
  const drop = (e: DragEvent): void => {
    setOver(false);
    if (!welcome(e)) return;
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) onChoose(file);
    else props.onDropSlot();
  };
  const dragStart = (e: DragEvent): void => {
    e.dataTransfer.setData(SLOT_DRAG_TYPE, String(index));
    e.dataTransfer.effectAllowed = 'move';
    props.onDragStart();
  };
  return (
    <Box
      component="fieldset"
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={dragLeave}
      onDrop={drop}
      sx={{
        border: 1,
        borderColor: over ? 'primary.main' : 'divider',
        borderStyle: over ? 'dashed' : 'solid',
        bgcolor: over ? 'action.hover' : undefined,
        borderRadius: 1,
        p: 1.5,
        m: 0,
        minWidth: 0,
        width: { xs: '100%', sm: 220 },
        position: 'relative',
      }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {label}
      </Typography>
      <Stack spacing={1}>
        {primary && <Chip label={t.primary} color="primary" size="small" sx={{ alignSelf: 'flex-start' }} />}
        {(showImage || filled) && (
          <Box
            component="img"
            src={pictureOf(slot)}
            alt={filled ? label : t.noImage}
            draggable={filled}
            onDragStart={filled ? dragStart : undefined}
            onDragEnd={filled ? props.onDragEnd : undefined}
            sx={{
              width: '100%',
              aspectRatio: '1',
              objectFit: 'cover',
              borderRadius: 1,
              bgcolor: 'grey.100',
              cursor: filled ? 'grab' : undefined,
            }}
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
          <input
            id={`${props.idBase}-picker`}
            type="file"
            accept={IMAGE_ACCEPT}
            onChange={picked}
            ref={props.inputRef}
            aria-invalid={props.invalid || undefined}
            style={visuallyHidden}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" aria-hidden sx={{ textAlign: 'center' }}>
          {over ? t.dropHere : t.orDrop}
        </Typography>
        {filled && (
          <SlotControls
            index={index}
            idBase={props.idBase}
            onEarlier={props.onEarlier}
            onLater={props.onLater}
            onRemove={props.onRemove}
            lastImage={props.lastImage}
          />
        )}
        {slot.upload && (
          <UploadStatus
            upload={slot.upload}
            label={label}
            onPause={props.onPause}
            onResume={props.onResume}
            onCancel={props.onCancel}
          />
        )}
      </Stack>
    </Box>
  );
}
