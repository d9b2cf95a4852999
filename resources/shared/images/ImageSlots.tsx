import { useCallback, useEffect, useRef, useState } from 'react';
import { useInput, ValidationError } from 'react-admin';
import { Box, FormHelperText, Typography } from '@mui/material';
import { format } from '../../../domain/messages';
import { currentMessages, useMessages } from '../../../base/locale';
import { visuallyHidden } from '../../../base/visuallyHidden';
import { ImageSlot } from './ImageSlot';
import { neighbour } from './slotOrder';
import { isChosen, useImageSlots } from './useImageSlots';
import { useFormImages } from './useWaitForImages';

/** The id of the moved image's button to focus: the same way if it can still go that way, else the other. */
function focusAfterMove(base: string, way: 'earlier' | 'later'): string {
  const same = document.getElementById(`${base}-${way}`);
  return same instanceof HTMLButtonElement && !same.disabled
    ? same.id
    : `${base}-${way === 'earlier' ? 'later' : 'earlier'}`;
}

export interface ImageSlotsProps {
  /** The form's field, and its heading. */
  source: string;
  label: string;
  /** How many slots: the most images the field holds. */
  max: number;
  /** At least one image: Save refuses without, and the last one cannot be removed ('Must add an image'). */
  required?: boolean;
  /** true: every slot, a placeholder where empty; false: pickers appear one by one (2 once 1 is chosen, …). */
  allSlots?: boolean;
  /** The images the slots start with (the record's when left out; key the input by version to start again). */
  initial?: readonly string[];
  /** Their thumbnails, as the record gives them (the images themselves are shown where there are none). */
  thumbnails?: readonly string[];
  /** Why the last image cannot be removed, where the resource words it its own way. */
  lastImage?: string;
}

/**
 * The images kind's input: a slot per image that uploads on choice or drop (resumable, paused and resumed), in the
 * order saved (the first is the primary image), moved by dragging or with buttons, removed (down to one where the
 * field needs one). The form's Save waits for running uploads (useWaitForImages).
 */
export function ImageSlots({ source, label, max, required = false, allSlots = false, ...props }: ImageSlotsProps) {
  const t = useMessages().images;
  // Validation reads the slots as they are now, not as they were at the last render.
  const pending = useRef<() => boolean>(() => false);
  const validate = useCallback(
    (value: unknown): string | undefined => {
      // An image on its way counts: Save waits for it rather than refusing.
      if (!required || pending.current()) return undefined;
      return Array.isArray(value) && value.length > 0 ? undefined : currentMessages().images.mustAdd;
    },
    [required],
  );
  const { field, fieldState, formState, id } = useInput<string[]>({ source, validate });
  const [initial] = useState(() => props.initial ?? (Array.isArray(field.value) ? field.value : []));
  const { slots, choose, pause, resume, cancel, move, remove, isPending, settle } = useImageSlots(
    max,
    initial,
    props.thumbnails ?? [],
    field.onChange,
  );
  pending.current = isPending;
  useFormImages(source, {
    required,
    settle: (onProgress) => settle(onProgress, (u) => u.message ?? currentMessages().images.uploadStates[u.state]),
  });
  const [said, say] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // After a move or a removal the slots are rendered anew: focus goes to where the person was working.
  const [refocus, setRefocus] = useState<((now: typeof slots) => string | null) | null>(null);

  const visible = slots.flatMap((_, i) =>
    allSlots || i === 0 || isChosen(slots[i - 1]!) || isChosen(slots[i]!) || slots[i]!.upload !== null ? [i] : [],
  );
  const chosen = slots.filter(isChosen).length;
  const primary = slots.findIndex(isChosen);
  const idOf = (key: string): string => `${id}-${key}`;

  const moveTo = (from: number, to: number | null, way?: 'earlier' | 'later'): void => {
    if (to === null) return;
    const key = slots[from]!.key;
    if (move(from, to) === null) return;
    const place = slots.filter(isChosen).length;
    const n = slots.filter((s, i) => isChosen(s) && i <= to).length;
    say(`${format(t.moved, { n, count: place })}${n === 1 ? ` ${t.nowPrimary}` : ''}`);
    if (way) setRefocus(() => () => focusAfterMove(idOf(key), way));
  };
  const removeAt = (i: number): void => {
    remove(i);
    say(format(t.removed, { n: i + 1 }));
    // The slot now in that place: its Remove button, or its picker when it is empty.
    setRefocus(
      () => (now: typeof slots) =>
        now[i] ? `${idOf(now[i].key)}-${isChosen(now[i]) && chosen > (required ? 2 : 1) ? 'remove' : 'picker'}` : null,
    );
  };
  useEffect(() => {
    if (!refocus) return;
    const target = refocus(slots);
    if (target) document.getElementById(target)?.focus();
    setRefocus(null);
  }, [refocus, slots]);

  const error =
    fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  return (
    <Box role="group" aria-labelledby={headingId} aria-describedby={error ? errorId : undefined} sx={{ my: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {visible.map((i) => {
          const slot = slots[i]!;
          return (
            <ImageSlot
              key={slot.key}
              index={i}
              slot={slot}
              showImage={allSlots}
              // With one slot there is nothing to tell apart.
              primary={max > 1 && i === primary}
              idBase={idOf(slot.key)}
              onChoose={(file) => void choose(i, file)}
              onPause={() => pause(i)}
              onResume={() => resume(i)}
              onCancel={() => cancel(i)}
              onEarlier={
                chosen > 1 && neighbour(slots, i, -1, isChosen) !== null
                  ? () => moveTo(i, neighbour(slots, i, -1, isChosen), 'earlier')
                  : null
              }
              onLater={
                chosen > 1 && neighbour(slots, i, 1, isChosen) !== null
                  ? () => moveTo(i, neighbour(slots, i, 1, isChosen), 'later')
                  : null
              }
              onRemove={chosen > (required ? 1 : 0) ? () => removeAt(i) : null}
              lastImage={props.lastImage ?? t.lastImage}
              onDragStart={() => setDragged(i)}
              onDragEnd={() => setDragged(null)}
              takesSlot={dragged !== null && dragged !== i && isChosen(slot)}
              onDropSlot={() => {
                if (dragged !== null) moveTo(dragged, i);
                setDragged(null);
              }}
              inputRef={i === 0 ? field.ref : undefined}
              invalid={i === 0 && error !== undefined}
            />
          );
        })}
      </Box>
      {/* Moves and removals are said to screen readers; upload states are said in each slot. */}
      <Box aria-live="polite" aria-atomic="true" sx={visuallyHidden}>
        {said}
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mt: 1, fontSize: '0.875rem' }}>
          <ValidationError error={error} />
        </FormHelperText>
      )}
    </Box>
  );
}
