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

/** What the uploads running when Save was pressed came to: the slots' addresses, and the ones that did not finish. */
export interface Settled {
  addresses: string[];
  failed: { index: number; reason: string }[];
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
  // Who waits for the uploads to settle (a pressed Save), told of every change.
  const watchers = useRef(new Set<() => void>());

  const change = useCallback((i: number, edit: (s: Slot) => Slot): Slot[] => {
    const next = current.current.map((s, j) => (j === i ? edit(s) : s));
    current.current = next;
    setSlots(next);
    for (const watch of [...watchers.current]) watch();
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

  /**
   * Waits until the uploads running now have finished, failed or been cancelled (a paused one is resumed: Save means
   * go on), telling their combined progress in percent; then answers the addresses and which of them did not finish.
   */
  const settle = useCallback(
    (onProgress: (percent: number) => void, reasonOf: (upload: SlotUpload) => string): Promise<Settled> =>
      new Promise((resolve) => {
        const watched = SLOTS.filter((i) => busy(current.current[i]!));
        watched.forEach((i) => {
          if (current.current[i]!.upload?.state === 'paused') handles.current[i]?.resume();
        });
        const check = (): void => {
          const now = current.current;
          const uploads = watched.map((i) => now[i]!.upload!);
          const total = uploads.reduce((n, u) => n + u.total, 0);
          const sent = uploads.reduce((n, u) => n + (u.state === 'success' ? u.total : u.sent), 0);
          onProgress(total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 100);
          if (watched.some((i) => busy(now[i]!))) return;
          watchers.current.delete(check);
          const failed = watched.filter((i) => now[i]!.upload?.state !== 'success').map((i) => ({ index: i, reason: reasonOf(now[i]!.upload!) }));
          resolve({ addresses: addressesOf(now), failed });
        };
        watchers.current.add(check);
        check();
      }),
    [],
  );

  // Leaving the form stops what is still uploading.
  useEffect(
    () => () => {
      handles.current.forEach((h) => h?.cancel());
      current.current.forEach(release);
    },
    [],
  );

  return { slots, choose, pause, resume, cancel, isPending, settle };
}
