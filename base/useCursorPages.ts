import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { PAGE_SIZE } from '../domain/constants';

type Status = 'pending' | 'ready' | 'more' | 'error';

export interface CursorPages<R> {
  rows: R[];
  status: Status;
  /** True while a next page exists (the 'More' button shows). */
  hasMore: boolean;
  loadMore: () => Promise<void>;
  /** Adds a record that belongs at the end (a new one), unless later pages will bring it anyway. */
  append: (row: R) => void;
  /** Loads the first page again (after a change to many records at once). */
  reload: () => void;
}

/** The next page's cursor from a list answer's meta, or null on the last page. */
export const nextOf = (meta: unknown): string | null =>
  meta && typeof meta === 'object' && 'next' in meta && typeof meta.next === 'string' ? meta.next : null;

/**
 * Loads a resource's cursor pages in the server's order (users oldest first, products by SKU descending): the first
 * at once, each next one appended on loadMore. Shared by the users and products lists.
 */
export function useCursorPages<R extends RaRecord>(
  resource: string,
  onError: (err: unknown) => void,
  /** Narrows the list (a search, a category); a new filter starts again from the first page. */
  filter: Record<string, unknown> = {},
): CursorPages<R> {
  const dataProvider = useDataProvider();
  const filterKey = JSON.stringify(filter);
  const stableFilter = useMemo(() => JSON.parse(filterKey) as Record<string, unknown>, [filterKey]);
  // A page asked for under an earlier filter is dropped when it arrives.
  const generation = useRef(0);
  const [state, setState] = useState<{ rows: R[]; next: string | null; status: Status }>({
    rows: [],
    next: null,
    status: 'pending',
  });
  // Bumped by reload(): the first page is read again under the same filter.
  const [round, setRound] = useState(0);
  const reportError = useRef(onError);
  reportError.current = onError;

  const fetchPage = useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      const res = await dataProvider.getList<R>(resource, {
        pagination: { page: 1, perPage: PAGE_SIZE },
        filter: stableFilter,
        meta: after ? { after } : undefined,
        signal,
      });
      return { rows: res.data, next: nextOf(res.meta) };
    },
    [dataProvider, resource, stableFilter],
  );

  useEffect(() => {
    generation.current += 1;
    setState((s) => (s.status === 'pending' ? s : { ...s, status: 'pending' }));
    const controller = new AbortController();
    fetchPage(null, controller.signal).then(
      (page) => setState({ ...page, status: 'ready' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ rows: [], next: null, status: 'error' });
        reportError.current(err);
      },
    );
    return () => controller.abort();
  }, [fetchPage, round]);

  const loadMore = useCallback(async () => {
    const after = state.next;
    if (!after || state.status === 'more') return;
    setState((s) => ({ ...s, status: 'more' }));
    const asked = generation.current;
    try {
      const page = await fetchPage(after);
      if (asked !== generation.current) return;
      setState((s) => ({ rows: [...s.rows, ...page.rows], next: page.next, status: 'ready' }));
    } catch (err) {
      if (asked !== generation.current) return;
      setState((s) => ({ ...s, status: 'ready' }));
      reportError.current(err);
    }
  }, [fetchPage, state.next, state.status]);

  const append = useCallback((row: R) => {
    setState((s) => (s.next === null && s.status === 'ready' ? { ...s, rows: [...s.rows, row] } : s));
  }, []);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  return { rows: state.rows, status: state.status, hasMore: state.next !== null, loadMore, append, reload };
}
