import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { ListContextProvider, useListContext, type SortPayload } from 'react-admin';

/** A list's order and filters as last asked for. */
interface Asked {
  filter: Record<string, unknown>;
  displayed: Record<string, boolean>;
  sort: SortPayload;
}

const same = (a: Asked, b: Asked): boolean => JSON.stringify([a.filter, a.sort]) === JSON.stringify([b.filter, b.sort]);

/**
 * The list's context for what it holds, with each change of order or filters made over the last ones asked for, not
 * the ones of the render it was clicked in. react-admin writes a change into the address from the params it last
 * rendered, and the router renders a new address as a transition: on a busy machine a column header clicked before
 * the search just sent had rendered wrote back the address without its words (and the find box, holding them, never
 * sent them again). Each change now sends the whole of what was asked: the filters and the order together.
 */
export function LatestListParams({ children }: { children: ReactNode }) {
  const list = useListContext();
  const committed: Asked = { filter: list.filterValues, displayed: list.displayedFilters, sort: list.sort };
  const shown = useRef(committed);
  const asked = useRef<Asked | null>(null);
  useLayoutEffect(() => {
    shown.current = committed;
    // The list has rendered what was asked: nothing is on its way.
    if (asked.current && same(asked.current, committed)) asked.current = null;
  });
  const { setFilters, setSort } = list;
  const value = useMemo(() => {
    const ask = (change: Partial<Asked>): void => {
      const next = { ...(asked.current ?? shown.current), ...change };
      asked.current = next;
      // Both in the same moment: react-admin folds them into one address.
      setFilters(next.filter, next.displayed, false);
      setSort(next.sort);
    };
    return {
      setFilters: (filter: Record<string, unknown>, displayed?: Record<string, boolean>) =>
        ask({ filter, ...(displayed ? { displayed } : {}) }),
      setSort: (sort: SortPayload) => ask({ sort }),
    };
  }, [setFilters, setSort]);
  return <ListContextProvider value={{ ...list, ...value }}>{children}</ListContextProvider>;
}
