import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { UploadState } from '../../../domain/uploads';
import type { AppDataProvider, UploadHandle } from '../../../base/backend';
import { currentMessages } from '../../../base/locale';
import { isAcceptedImage } from './images';
import { moveAmongChosen, removeSlot } from './slotOrder';

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

/** One image slot: the stored image it holds, and the upload that may replace it. */
export interface Slot {
  /** Stays with the slot's content when images are moved, so a running upload keeps its place. */
  key: string;
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
let made = 0;
/** A slot with nothing in it, under a key of its own. */
const emptySlot = (): Slot => ({ key: `slot-${++made}`, address: null, thumbnail: null, upload: null });

/**
 * An images field's slots (`count` of them). Choosing (or dropping) a file uploads it at once; once stored it takes
 * the slot, and `onAddresses` hears the slots' addresses in order, the first being the primary image. Images can
 * be moved and removed while others upload: uploads follow their slot's key, not its position.
 */
export function useImageSlots(
  count: number,
  initial: readonly string[],
  initialThumbnails: readonly string[],
  onAddresses: (addresses: string[]) => void,
) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [slots, setSlots] = useState<Slot[]>(() =>
    Array.from({ length: count }, (_, i) => ({
      ...emptySlot(),
      address: initial[i] ?? null,
      thumbnail: initialThumbnails[i] ?? null,
    })),
  );
  // The latest slots, read synchronously by the form's validation.
  const current = useRef(slots);
  const handles = useRef(new Map<string, UploadHandle>());
  const tokens = useRef(new Map<string, object>());
  const hear = useRef(onAddresses);
  hear.current = onAddresses;
  const told = useRef<string[] | null>(null);
  // Only a change is told: the form re-validates on each, which would drop the message of an image that failed while
  // Save waited.
  const tell = useRef((addresses: string[]): void => {
    if (told.current && told.current.join('\n') === addresses.join('\n')) return;
    told.current = addresses;
    hear.current(addresses);
  });
  // Who waits for the uploads to settle (a pressed Save), told of every change.
  const watchers = useRef(new Set<() => void>());

  const replace = useCallback((next: Slot[]): Slot[] => {
    current.current = next;
    setSlots(next);
    for (const watch of [...watchers.current]) watch();
    return next;
  }, []);
  const change = useCallback(
    (key: string, edit: (s: Slot) => Slot): Slot[] =>
      replace(current.current.map((s) => (s.key === key ? edit(s) : s))),
    [replace],
  );
  const stop = (key: string): void => {
    handles.current.get(key)?.cancel();
    handles.current.delete(key);
    tokens.current.delete(key);
  };

  const choose = useCallback(
    async (i: number, file: File) => {
      const key = current.current[i]!.key;
      stop(key);
      const token = {};
      tokens.current.set(key, token);
      const mine = (): boolean => tokens.current.get(key) === token;
      const patch = (p: Partial<SlotUpload>): void => {
        if (mine()) change(key, (s) => (s.upload ? { ...s, upload: { ...s.upload, ...p } } : s));
      };
      release(current.current[i]!);
      const upload: SlotUpload = { name: file.name, state: 'running', sent: 0, total: file.size, preview: '' };
      // A dropped file skips the picker's filter, so the same rule is checked here for both (the server checks the
      // content).
      if (!isAcceptedImage(file)) {
        change(key, (s) => ({
          ...s,
          upload: { ...upload, state: 'error', message: currentMessages().uploads.onlyJpegPng },
        }));
        return;
      }
      tell.current(addressesOf(change(key, (s) => ({ ...s, upload: { ...upload, preview: objectUrl(file) } }))));
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
      handles.current.set(key, handle);
      await handle.done.then(
        (image) => {
          if (!mine()) return;
          handles.current.delete(key);
          tell.current(
            addressesOf(
              change(key, (s) => ({
                ...s,
                address: image.address,
                thumbnail: image.thumbnail,
                upload: s.upload && { ...s.upload, state: 'success' },
              })),
            ),
          );
        },
        () => {
          // The state (error or canceled) came through onState; the form re-checks what it may submit.
          if (mine()) tell.current(addressesOf(current.current));
        },
      );
    },
    [change, dataProvider],
  );

  const keyAt = (i: number): string => current.current[i]?.key ?? '';
  const pause = useCallback((i: number) => handles.current.get(keyAt(i))?.pause(), []);
  const resume = useCallback((i: number) => handles.current.get(keyAt(i))?.resume(), []);
  const cancel = useCallback((i: number) => handles.current.get(keyAt(i))?.cancel(), []);
  const isPending = useCallback(() => current.current.some(busy), []);

  /** Moves the image at `from` to where the image at `to` is, among the chosen slots; answers its new position. */
  const move = useCallback(
    (from: number, to: number): number | null => {
      const next = moveAmongChosen(current.current, from, to, isChosen);
      if (!next) return null;
      tell.current(addressesOf(replace(next)));
      return to;
    },
    [replace],
  );

  /** Takes the image at `i` out (stopping its upload); the later ones move up, so the first stays filled. */
  const remove = useCallback(
    (i: number) => {
      const gone = current.current[i];
      if (!gone) return;
      stop(gone.key);
      release(gone);
      tell.current(addressesOf(replace(removeSlot(current.current, i, isChosen, emptySlot()))));
    },
    [replace],
  );

  /**
   * Waits until the uploads running now have finished, failed or been cancelled (a paused one is resumed: Save means
   * go on), telling their combined progress in percent; then answers the addresses and which of them did not finish.
   */
  const settle = useCallback(
    (onProgress: (percent: number) => void, reasonOf: (upload: SlotUpload) => string): Promise<Settled> =>
      new Promise((resolve) => {
        const watched = current.current.filter(busy).map((s) => s.key);
        watched.forEach((key) => {
          if (current.current.find((s) => s.key === key)?.upload?.state === 'paused')
            handles.current.get(key)?.resume();
        });
        const check = (): void => {
          const now = current.current;
          // A watched slot removed meanwhile no longer counts.
          const mine = now.filter((s) => watched.includes(s.key));
          const uploads = mine.map((s) => s.upload!);
          const total = uploads.reduce((n, u) => n + u.total, 0);
          const sent = uploads.reduce((n, u) => n + (u.state === 'success' ? u.total : u.sent), 0);
          onProgress(total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : 100);
          if (mine.some(busy)) return;
          watchers.current.delete(check);
          const failed = mine
            .filter((s) => s.upload?.state !== 'success')
            .map((s) => ({ index: now.indexOf(s), reason: reasonOf(s.upload!) }));
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
      handles.current.forEach((h) => h.cancel());
      current.current.forEach(release);
    },
    [],
  );

  return { slots, choose, pause, resume, cancel, move, remove, isPending, settle };
}
