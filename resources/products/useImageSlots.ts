import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { UploadState } from '../../domain/uploads';
import type { AppDataProvider, UploadHandle } from '../../providers/types';
import { SLOTS } from './images';

/** The upload running (or last run) in one slot. */
export interface SlotUpload {
  name: string;
  state: UploadState;
  sent: number;
  total: number;
  message?: string;
  /** A local address of the chosen file, shown while it uploads (empty where the browser has none). */
  preview: string;
}

/** One of the three image slots: the stored image it holds, and the upload that may replace it. */
export interface Slot {
  address: string | null;
  /** The stored image's thumbnail, as the server named it. */
  thumbnail: string | null;
  upload: SlotUpload | null;
}

const busy = (s: Slot): boolean => s.upload?.state === 'running' || s.upload?.state === 'paused';

/** Whether a slot counts as chosen: it holds an image or a file is on its way. */
export const isChosen = (s: Slot): boolean => s.address !== null || busy(s);

const addressesOf = (slots: Slot[]): string[] => slots.flatMap((s) => (s.address ? [s.address] : []));
const objectUrl = (file: File): string => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');
const release = (s: Slot): void => {
  if (s.upload?.preview && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(s.upload.preview);
};

/**
 * The three image slots of a product form. Choosing a file uploads it at once; once stored it takes
 * the slot, and `onAddresses` hears the slots' addresses in order. `isPending` reads the latest state.
 */
export function useImageSlots(
  initial: readonly string[],
  initialThumbnails: readonly string[],
  onAddresses: (addresses: string[]) => void,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [slots, setSlots] = useState<Slot[]>(() =>
    SLOTS.map((i) => ({ address: initial[i] ?? null, thumbnail: initialThumbnails[i] ?? null, upload: null })),
  );
  // The latest slots, read synchronously by the form's validation.
  const current = useRef(slots);
  const handles = useRef<(UploadHandle | null)[]>(SLOTS.map(() => null));
  const tokens = useRef<object[]>(SLOTS.map(() => ({})));
  const tell = useRef(onAddresses);
  tell.current = onAddresses;

  const change = useCallback((i: number, edit: (s: Slot) => Slot): Slot[] => {
    const next = current.current.map((s, j) => (j === i ? edit(s) : s));
    current.current = next;
    setSlots(next);
    return next;
  }, []);

  const choose = useCallback(
    async (i: number, file: File) => {
      handles.current[i]?.cancel();
      handles.current[i] = null;
      const token = {};
      tokens.current[i] = token;
      const mine = (): boolean => tokens.current[i] === token;
      const patch = (p: Partial<SlotUpload>): void => {
        if (mine()) change(i, (s) => (s.upload ? { ...s, upload: { ...s.upload, ...p } } : s));
      };
      release(current.current[i]!);
      tell.current(addressesOf(change(i, (s) => ({ ...s, upload: { name: file.name, state: 'running', sent: 0, total: file.size, preview: objectUrl(file) } }))));
      let handle: UploadHandle;
      try {
        handle = await dataProvider.uploadImage(file, {
          onProgress: (sent, total) => patch({ sent, total }),
          // Success is recorded with the stored address below, in one step.
          onState: (state, message) => {
            if (state !== 'success') patch({ state, message });
          },
        });
      } catch (err) {
        patch({ state: 'error', message: err instanceof Error ? err.message : undefined });
        return;
      }
      if (!mine()) return handle.cancel();
      handles.current[i] = handle;
      await handle.done.then(
        (image) => {
          if (!mine()) return;
          handles.current[i] = null;
          tell.current(addressesOf(change(i, (s) => ({ address: image.address, thumbnail: image.thumbnail, upload: s.upload && { ...s.upload, state: 'success' } }))));
        },
        () => {
          // The state (error or canceled) came through onState; the form re-checks what it may submit.
          if (mine()) tell.current(addressesOf(current.current));
        },
      );
    },
    [change, dataProvider],
  );

  const pause = useCallback((i: number) => handles.current[i]?.pause(), []);
  const resume = useCallback((i: number) => handles.current[i]?.resume(), []);
  const cancel = useCallback((i: number) => handles.current[i]?.cancel(), []);
  const isPending = useCallback(() => current.current.some(busy), []);

  // Leaving the form stops what is still uploading.
  useEffect(
    () => () => {
      handles.current.forEach((h) => h?.cancel());
      current.current.forEach(release);
    },
    [],
  );

  return { slots, choose, pause, resume, cancel, isPending };
}
