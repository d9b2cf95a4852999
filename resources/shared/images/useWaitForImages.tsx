import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNotify } from 'react-admin';
import { format } from '../../../domain/messages';
import { useMessages } from '../../../base/locale';
import type { Settled } from './useImageSlots';

/** How a form's Save waits for one images field's running uploads: progress in percent, then what they came to. */
export type WaitForImages = (onProgress: (percent: number) => void) => Promise<Settled>;

/** An images field on the form, as its Save waits for it. */
interface Waiting {
  settle: WaitForImages;
  /** Whether the field needs at least one image (products' do). */
  required: boolean;
}

/** The images fields of one form, by source: each ImageSlots puts itself here while it is shown. */
type Fields = Map<string, Waiting>;
const FormImages = createContext<Fields | null>(null);

/** Around a form's inputs, so Save waits for its images fields (`fields` from useWaitForImages). */
export function ImagesWaited({ fields, children }: { fields: Fields; children: ReactNode }) {
  return <FormImages.Provider value={fields}>{children}</FormImages.Provider>;
}

/** What waiting came to: each images field's addresses to save, or the form's errors naming the images that failed. */
export type Waited = { values: Record<string, string[]> } | { errors: Record<string, string> };

/** An images field takes part in its form's Save (none outside a form that waits, as on Show). */
export function useFormImages(source: string, waiting: Waiting): void {
  const fields = useContext(FormImages);
  const mine = useRef(waiting);
  mine.current = waiting;
  // Read at Save, so the latest render's settle is the one called.
  if (fields) fields.set(source, waiting);
  useEffect(() => {
    if (!fields) return;
    // Only its own: a slots input started again (keyed by the record's version) has put itself here already.
    return () => {
      if (fields.get(source) === mine.current) fields.delete(source);
    };
  }, [fields, source]);
}

/**
 * Save pressed while images upload: the save waits for every images field on the form (the button says so, with the
 * progress), then goes on with their addresses; if one fails or is cancelled meanwhile, or a field that needs an image
 * has none, the form stays as typed and says which image.
 */
export function useWaitForImages() {
  const t = useMessages().images;
  const notify = useNotify();
  const fields = useRef<Fields>(new Map()).current;
  const [percent, setPercent] = useState<number | null>(null);

  const wait = async (): Promise<Waited> => {
    const entries = [...fields];
    const progress = entries.map(() => 100);
    let settled: Settled[];
    try {
      settled = await Promise.all(
        entries.map(([, field], i) =>
          field.settle((p) => {
            progress[i] = p;
            const least = Math.min(...progress);
            setPercent(least < 100 ? least : null);
          }),
        ),
      );
    } finally {
      setPercent(null);
    }
    const values: Record<string, string[]> = {};
    const errors: Record<string, string> = {};
    entries.forEach(([source, field], i) => {
      const { addresses, failed } = settled[i]!;
      if (failed.length > 0)
        errors[source] = failed.map((f) => format(t.imageFailed, { n: f.index + 1, reason: f.reason })).join(' ');
      else if (field.required && addresses.length === 0) errors[source] = t.mustAdd;
      else values[source] = addresses;
    });
    if (Object.keys(errors).length === 0) return { values };
    // Said in a toast too: the images field may be out of sight when Save is pressed.
    notify(Object.values(errors).join(' '), { type: 'error' });
    return { errors };
  };

  return {
    /** For ImagesWaited around the form's inputs. */
    fields,
    wait,
    /** The Save button's label while it waits; undefined (its own) otherwise. */
    saveLabel: percent === null ? undefined : format(t.waitingForUploads, { percent }),
  };
}
