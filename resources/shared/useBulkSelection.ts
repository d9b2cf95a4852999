import { useCallback, useEffect, useState } from 'react';
import type { BulkIds } from '../../domain/bulk';

/** The records chosen for a bulk change, each with the version it was selected at, and the list's matching ids. */
export interface BulkSelection {
  /** Id → version when selected. */
  selected: ReadonlyMap<string, number>;
  toggle: (p: { id: string; version: number }, on: boolean) => void;
  /** Selects or clears every record of the loaded rows. */
  setMany: (rows: readonly { id: string; version: number }[], on: boolean) => void;
  /** Every record the search and filters match (up to 10,000), read once something is selected; null until then. */
  matching: BulkIds | null;
  /** Selects them all. */
  selectAll: () => void;
  clear: () => void;
}

/**
 * Selection for a list's bulk change. A new search or filter clears it (what was selected no longer shows), and the
 * matching ids are read afresh (`read`: the back end's, BulkCalls.ids) for 'Select all N matching'.
 */
export function useBulkSelection(
  filter: Record<string, unknown>,
  onError: (err: unknown) => void,
  read: (filter: Record<string, unknown>) => Promise<BulkIds>,
): BulkSelection {
  const filterKey = JSON.stringify(filter);
  const [selected, setSelected] = useState<ReadonlyMap<string, number>>(new Map());
  const [matching, setMatching] = useState<{ key: string; ids: BulkIds } | null>(null);
  const any = selected.size > 0;

  useEffect(() => setSelected(new Map()), [filterKey]);

  useEffect(() => {
    if (!any || matching?.key === filterKey) return;
    let live = true;
    read(JSON.parse(filterKey) as Record<string, unknown>).then(
      (ids) => live && setMatching({ key: filterKey, ids }),
      (err: unknown) => live && onError(err),
    );
    return () => {
      live = false;
    };
    // Asked again only when the filters change (or a selection starts): a new onError or read each render must not
    // restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [any, filterKey, matching?.key]);

  const toggle = useCallback((p: { id: string; version: number }, on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(p.id, p.version);
      else next.delete(p.id);
      return next;
    });
  }, []);
  const setMany = useCallback((rows: readonly { id: string; version: number }[], on: boolean) => {
    setSelected((s) => {
      const next = new Map(s);
      for (const p of rows) {
        if (on) next.set(p.id, p.version);
        else next.delete(p.id);
      }
      return next;
    });
  }, []);
  const current = matching?.key === filterKey ? matching.ids : null;
  const selectAll = useCallback(() => {
    if (current) setSelected(new Map(current.items.map((p) => [p.id, p.version])));
  }, [current]);
  const clear = useCallback(() => {
    setSelected(new Map());
    setMatching(null);
  }, []);
  return { selected, toggle, setMany, matching: current, selectAll, clear };
}
