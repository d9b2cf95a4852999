import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, type DataProvider, type RaRecord } from 'react-admin';
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

/** The next page's cursor from a list answer's meta, or null on the last page. */
export const nextOf = (meta: unknown): string | null =>
  meta && typeof meta === 'object' && 'next' in meta && typeof meta.next === 'string' ? meta.next : null;

interface Page<R> {
  rows: R[];
  next: string | null;
}

/** A first page asked for ahead of its list (primeFirstPage): the answer to come, and once there, the page. */
interface Primed {
  answer: Promise<Page<RaRecord>>;
  page?: Page<RaRecord>;
  at: number;
}
// Unfiltered first pages by resource, each used by the next list of that resource to mount, if it mounts soon.
const primed = new Map<string, Primed>();
const PRIMED_MS = 5000;

const pageOf = (dataProvider: DataProvider, resource: string, filter: Record<string, unknown>, after: string | null, signal?: AbortSignal) =>
  dataProvider
    .getList(resource, { pagination: { page: 1, perPage: PAGE_SIZE }, filter, meta: after ? { after } : undefined, signal })
    .then((res) => ({ rows: res.data, next: nextOf(res.meta) }));

/**
 * Asks for a list's unfiltered first page before the list mounts: its route guard calls this beside its access check
 * (src/auth/RequireAccess.tsx), so the rows are there when the check lets the list show, instead of being asked for
 * only then. The server checks the session and role of this request as of any other; the list uses the answer once.
 */
export function primeFirstPage(dataProvider: DataProvider, resource: string): void {
  const entry: Primed = { answer: pageOf(dataProvider, resource, {}, null), at: Date.now() };
  entry.answer.then(
    (page) => (entry.page = page),
    () => undefined,
  );
  primed.set(resource, entry);
}

function takePrimed(resource: string, filterKey: string): Primed | null {
  const entry = primed.get(resource);
  if (!entry || filterKey !== '{}') return null;
  primed.delete(resource);
  return Date.now() - entry.at < PRIMED_MS ? entry : null;
}

/**
 * Loads a resource's cursor pages in the server's order (users oldest first, products by SKU descending): the first
 * at once, each next one appended on loadMore (spec §4, Lists). Shared by the users and products lists.
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
  // A first page primed for this list: shown on the first render when it has come, awaited by the first fetch if not.
  const first = useRef<Primed | null | undefined>(undefined);
  if (first.current === undefined) first.current = takePrimed(resource, filterKey);
  const [state, setState] = useState<{ rows: R[]; next: string | null; status: Status }>(() => {
    const page = first.current?.page as Page<R> | undefined;
    return page ? { ...page, status: 'ready' } : { rows: [], next: null, status: 'pending' };
  });
  const reportError = useRef(onError);
  reportError.current = onError;

  const fetchPage = useCallback(
    (after: string | null, signal?: AbortSignal) => pageOf(dataProvider, resource, stableFilter, after, signal) as Promise<Page<R>>,
    [dataProvider, resource, stableFilter],
  );

  useEffect(() => {
    generation.current += 1;
    const primedPage = first.current;
    first.current = null;
    // Shown already on the first render.
    if (primedPage?.page) return;
    setState((s) => (s.status === 'pending' ? s : { ...s, status: 'pending' }));
    const controller = new AbortController();
    // A primed page still on its way is awaited; one that failed is asked for again, as the list would have.
    const answer = primedPage ? (primedPage.answer as Promise<Page<R>>).catch(() => fetchPage(null, controller.signal)) : fetchPage(null, controller.signal);
    answer.then(
      (page) => {
        if (!controller.signal.aborted) setState({ ...page, status: 'ready' });
      },
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

  return { rows: state.rows, status: state.status, hasMore: state.next !== null, loadMore, append };
}
