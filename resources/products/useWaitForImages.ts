import { useRef, useState } from 'react';
import { format } from '../../domain/messages';
import { useMessages } from '../../src/locale';
import type { WaitForImages } from './ImagesInput';

/** What waiting came to: the images to save, or the form's errors naming the images that did not upload. */
export type Waited = { images: string[] } | { errors: { images: string } };

/**
 * Save pressed while images upload: the save waits for them (the button says so, with the progress), then goes on
 * with their addresses; if one fails or is cancelled meanwhile, the form stays as typed and says which image.
 */
export function useWaitForImages() {
  const t = useMessages().products;
  const waitRef = useRef<WaitForImages | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  const wait = async (): Promise<Waited> => {
    const settle = waitRef.current;
    if (!settle) return { errors: { images: t.mustAddImage } };
    let settled;
    try {
      settled = await settle((p) => setPercent(p < 100 ? p : null));
    } finally {
      setPercent(null);
    }
    if (settled.failed.length > 0) {
      return { errors: { images: settled.failed.map((f) => format(t.imageFailed, { n: f.index + 1, reason: f.reason })).join(' ') } };
    }
    if (settled.addresses.length === 0) return { errors: { images: t.mustAddImage } };
    return { images: settled.addresses };
  };

  return { waitRef, wait, saveLabel: percent === null ? t.save : format(t.waitingForUploads, { percent }) };
}
