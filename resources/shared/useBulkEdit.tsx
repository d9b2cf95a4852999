import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useRefresh } from 'react-admin';
import { useBulkSelection, type BulkSelection } from './useBulkSelection';
import type { BulkCalls, BulkTexts } from './bulkCalls';

// The bulk change's dialog loads when a change starts.
const BulkRun = lazy(() => import('./BulkRun').then((x) => ({ default: x.BulkRun })));

/**
 * A list's bulk edit: its selection (checkboxes, 'Select all N matching' of `filter`), and the change running in its
 * dialog once started (`dialog`, to be rendered in the list); closing it clears the selection and, when something
 * changed, reads the list's pages again.
 */
export function useBulkEdit(
  filter: Record<string, unknown>,
  calls: BulkCalls,
  texts: BulkTexts,
  onError: (err: unknown) => void,
): { selection: BulkSelection; start: (set: Record<string, unknown>) => void; dialog: ReactNode } {
  const selection = useBulkSelection(filter, onError, calls.ids);
  const [running, setRunning] = useState<Record<string, unknown> | null>(null);
  const refresh = useRefresh();
  const close = (changed: boolean): void => {
    setRunning(null);
    selection.clear();
    if (changed) refresh();
  };
  const dialog = running && (
    <Suspense fallback={null}>
      <BulkRun selected={selection.selected} set={running} calls={calls} texts={texts} onClose={close} />
    </Suspense>
  );
  return { selection, start: setRunning, dialog };
}
