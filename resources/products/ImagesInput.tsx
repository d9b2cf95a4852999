import { useCallback, useRef, type MutableRefObject } from 'react';
import { useInput, ValidationError } from 'react-admin';
import { Box, FormHelperText, Typography } from '@mui/material';
import { currentMessages, useMessages } from '../../src/locale';
import { SLOTS } from './images';
import { ImageSlot } from './ImageSlot';
import { isChosen, useImageSlots, type Settled } from './useImageSlots';

/** How a form's Save waits for the images being uploaded: progress in percent, then what they came to. */
export type WaitForImages = (onProgress: (percent: number) => void) => Promise<Settled>;

interface Props {
  /** 'create': pickers appear one by one (2 once 1 is chosen, 3 once 2 is); 'edit': all three, placeholders where empty. */
  mode: 'create' | 'edit';
  /** The images the slots start with (edit: the product's; key the input by version to start again). */
  initial?: readonly string[];
  /** Their thumbnails, as the record gives them. */
  thumbnails?: readonly string[];
  /** Set to how the form's Save waits for running uploads. */
  waitRef?: MutableRefObject<WaitForImages | null>;
}

/** The form's `images` field: up to three slots that upload on choice; submit needs one image, chosen or on its way. */
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
  const { slots, choose, pause, resume, cancel, isPending, settle } = useImageSlots(initial, thumbnails, field.onChange);
  pending.current = isPending;
  if (waitRef) waitRef.current = (onProgress) => settle(onProgress, (u) => u.message ?? currentMessages().products.uploadStates[u.state]);

  const visible = SLOTS.filter((i) => mode === 'edit' || i === 0 || isChosen(slots[i - 1]!) || slots[i]!.upload !== null);
  const error = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted) ? fieldState.error?.message : undefined;
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;
  return (
    <Box role="group" aria-labelledby={headingId} aria-describedby={error ? errorId : undefined} sx={{ my: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {t.images}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        {visible.map((i) => (
          <ImageSlot
            key={i}
            index={i}
            slot={slots[i]!}
            showImage={mode === 'edit'}
            onChoose={(file) => void choose(i, file)}
            onPause={() => pause(i)}
            onResume={() => resume(i)}
            onCancel={() => cancel(i)}
            inputRef={i === 0 ? field.ref : undefined}
          />
        ))}
      </Box>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mt: 1, fontSize: '0.875rem' }}>
          <ValidationError error={error} />
        </FormHelperText>
      )}
    </Box>
  );
}
