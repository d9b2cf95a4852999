import { useCallback, useEffect, useRef, useState } from 'react';
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
}

const nextOf = (meta: unknown): string | null =>
  meta && typeof meta === 'object' && 'next' in meta && typeof meta.next === 'string' ? meta.next : null;

/**
 * Loads a resource's cursor pages in the server's order (users oldest first, products by SKU descending): the first
 * at once, each next one appended on loadMore (spec §4, Lists). Shared by the users and products lists.
 */
export function useCursorPages<R extends RaRecord>(resource: string, onError: (err: unknown) => void): CursorPages<R> {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<{ rows: R[]; next: string | null; status: Status }>({ rows: [], next: null, status: 'pending' });
  const reportError = useRef(onError);
  reportError.current = onError;

  const fetchPage = useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      const res = await dataProvider.getList<R>(resource, {
        pagination: { page: 1, perPage: PAGE_SIZE },
        filter: {},
        meta: after ? { after } : undefined,
        signal,
      });
      return { rows: res.data, next: nextOf(res.meta) };
    },
    [dataProvider, resource],
  );

  useEffect(() => {
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
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    const after = state.next;
    if (!after || state.status === 'more') return;
    setState((s) => ({ ...s, status: 'more' }));
    try {
      const page = await fetchPage(after);
      setState((s) => ({ rows: [...s.rows, ...page.rows], next: page.next, status: 'ready' }));
    } catch (err) {
      setState((s) => ({ ...s, status: 'ready' }));
      reportError.current(err);
    }
  }, [fetchPage, state.next, state.status]);

  const append = useCallback((row: R) => {
    setState((s) => (s.next === null && s.status === 'ready' ? { ...s, rows: [...s.rows, row] } : s));
  }, []);

  return { rows: state.rows, status: state.status, hasMore: state.next !== null, loadMore, append };
}
