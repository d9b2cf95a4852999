import { useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { format } from '../../domain/messages';
import { useMessages } from '../../base/locale';
import type { WaitForImages } from './ImagesInput';
import type { Settled } from './useImageSlots';

/** What waiting came to: the images to save, or the form's errors naming the images that did not upload. */
export type Waited = { images: string[] } | { errors: { images: string } };

/**
 * Save pressed while images upload: the save waits for them (the button says so, with the progress), then goes on
 * with their addresses; if one fails or is cancelled meanwhile, the form stays as typed and says which image.
 */
export function useWaitForImages() {
  const t = useMessages().products;
  const notify = useNotify();
  const waitRef = useRef<WaitForImages | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const wait = async (): Promise<Waited> => {
    const settle = waitRef.current;
    let settled: Settled = { addresses: [], failed: [] };
    try {
      if (settle) settled = await settle((p) => setPercent(p < 100 ? p : null));
    } finally {
      setPercent(null);
    }
    const refused =
      settled.failed.length > 0
        ? settled.failed.map((f) => format(t.imageFailed, { n: f.index + 1, reason: f.reason })).join(' ')
        : settled.addresses.length === 0
          ? t.mustAddImage
          : null;
    if (refused === null) return { images: settled.addresses };
    // Said in a toast too: the images field may be out of sight when Save is pressed.
    notify(refused, { type: 'error' });
    return { errors: { images: refused } };
  };

  return { waitRef, wait, saveLabel: percent === null ? t.save : format(t.waitingForUploads, { percent }) };
}
