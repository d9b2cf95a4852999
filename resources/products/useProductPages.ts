import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { PAGE_SIZE } from '../../domain/constants';
import type { Product } from '../../domain/products';

type Status = 'pending' | 'ready' | 'more' | 'error';

const nextOf = (meta: unknown): string | null =>
  meta && typeof meta === 'object' && 'next' in meta && typeof meta.next === 'string' ? meta.next : null;

/** The products list's pages: the first at once, each next one appended by `loadMore` (spec §4 Lists). */
export function useProductPages(onError: (err: unknown) => void) {
  const dataProvider = useDataProvider();
  const [state, setState] = useState<{ rows: Product[]; next: string | null; status: Status }>({ rows: [], next: null, status: 'pending' });
  const report = useRef(onError);
  report.current = onError;

  const fetchPage = useCallback(
    async (after: string | null, signal?: AbortSignal) => {
      const res = await dataProvider.getList<Product>('products', {
        pagination: { page: 1, perPage: PAGE_SIZE },
        sort: { field: 'sku', order: 'DESC' },
        filter: {},
        meta: after ? { after } : undefined,
        signal,
      });
      return { rows: res.data, next: nextOf(res.meta) };
    },
    [dataProvider],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(null, controller.signal).then(
      (page) => setState({ ...page, status: 'ready' }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setState({ rows: [], next: null, status: 'error' });
        report.current(err);
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
      report.current(err);
    }
  }, [fetchPage, state.next, state.status]);

  return { rows: state.rows, status: state.status, hasMore: state.next !== null, loadMore };
}
