import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useInput, ValidationError } from 'react-admin';
import { Box, FormHelperText, Typography } from '@mui/material';
import { format } from '../../domain/messages';
import { currentMessages, useMessages } from '../../base/locale';
import { visuallyHidden } from '../../base/visuallyHidden';
import { SLOTS } from './images';
import { ImageSlot } from './ImageSlot';
import { neighbour } from './slotOrder';
import { isChosen, useImageSlots, type Settled } from './useImageSlots';

/** The id of the moved image's button to focus: the same way if it can still go that way, else the other. */
function focusAfterMove(base: string, way: 'earlier' | 'later'): string {
  const same = document.getElementById(`${base}-${way}`);
  return same instanceof HTMLButtonElement && !same.disabled
    ? same.id
    : `${base}-${way === 'earlier' ? 'later' : 'earlier'}`;
}

/** How a form's Save waits for the images being uploaded: progress in percent, then what they came to. */
export type WaitForImages = (onProgress: (percent: number) => void) => Promise<Settled>;

interface Props {
  /**
   * 'create': pickers appear one by one (2 once 1 is chosen, 3 once 2 is); 'edit': all three, placeholders where empty.
   */
  mode: 'create' | 'edit';
  /** The images the slots start with (edit: the product's; key the input by version to start again). */
  initial?: readonly string[];
  /** Their thumbnails, as the record gives them. */
  thumbnails?: readonly string[];
  /** Set to how the form's Save waits for running uploads. */
  waitRef?: MutableRefObject<WaitForImages | null>;
}

/**
 * The form's `images` field: up to three slots that upload on choice or drop, in the order saved (the first chosen
 * is the primary image), moved by dragging or with buttons, removed down to one; submit needs one image.
 */
export function ImagesInput({ mode, initial = [], thumbnails = [], waitRef }: Props) {
  const t = useMessages().products;
  // Validation reads the slots as they are now, not as they were at the last render.
  const pending = useRef<() => boolean>(() => false);
  const validate = useCallback((value: unknown): string | undefined => {
    const texts = currentMessages().products;
    // An image on its way counts: Save waits for it (waitRef) rather than refusing.
    if (pending.current()) return undefined;
    return Array.isArray(value) && value.length > 0 ? undefined : texts.mustAddImage;
  }, []);
  const { field, fieldState, formState, id } = useInput({ source: 'images', validate });
  const { slots, choose, pause, resume, cancel, move, remove, isPending, settle } = useImageSlots(
    initial,
    thumbnails,
    field.onChange,
  );
  pending.current = isPending;
  if (waitRef)
    waitRef.current = (onProgress) =>
      settle(onProgress, (u) => u.message ?? currentMessages().products.uploadStates[u.state]);
  const [said, say] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // After a move or a removal the slots are rendered anew: focus goes to where the person was working.
  const [refocus, setRefocus] = useState<((now: typeof slots) => string | null) | null>(null);

  const visible = SLOTS.filter(
    (i) => mode === 'edit' || i === 0 || isChosen(slots[i - 1]!) || isChosen(slots[i]!) || slots[i]!.upload !== null,
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
        now[i] ? `${idOf(now[i].key)}-${isChosen(now[i]) && chosen > 2 ? 'remove' : 'picker'}` : null,
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
        {t.images}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {visible.map((i) => {
          const slot = slots[i]!;
          return (
            <ImageSlot
              key={slot.key}
              index={i}
              slot={slot}
              showImage={mode === 'edit'}
              primary={i === primary}
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
              onRemove={chosen > 1 ? () => removeAt(i) : null}
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
