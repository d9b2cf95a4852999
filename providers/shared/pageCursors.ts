import type { DataProvider, GetListParams, GetListResult, RaRecord } from 'react-admin';

/** One page read by cursor: the records, and the cursor of the page after it (null on the last page). */
export type CursorRead = (
  resource: string,
  params: GetListParams,
  after: string | undefined,
) => Promise<GetListResult & { meta: { next: string | null } }>;

/** How many lists' page cursors are kept (the oldest list forgotten first); a forgotten one is walked again. */
const KEPT = 200;

/**
 * react-admin asks for a list by page number (its InfiniteList: page 1, then 2, 3…), while our back ends read a page
 * after a cursor (the last row's sort key and id), so a page never skips or repeats a row when rows are added
 * meanwhile. This turns one into the other: each page's answer gives the cursor of the next, remembered per list
 * (resource, filter, sort, page size, view); a page whose cursor is not known (the list was forgotten) is reached by
 * reading the pages before it. A caller that has a cursor may still pass it as `meta.after`.
 */
export function pagesByCursor(read: CursorRead): DataProvider['getList'] {
  // list key → cursor of each page (index 0: page 2's).
  const lists = new Map<string, string[]>();
  const keyOf = (resource: string, p: GetListParams): string =>
    JSON.stringify([
      resource,
      p.filter ?? {},
      p.sort ?? null,
      p.pagination?.perPage ?? null,
      p.meta?.view ?? null,
      p.meta?.lang ?? null,
    ]);
  const remember = (key: string, page: number, next: string | null): void => {
    const cursors = lists.get(key) ?? [];
    lists.delete(key);
    if (next === null) cursors.length = Math.min(cursors.length, page - 1);
    else cursors[page - 1] = next;
    lists.set(key, cursors);
    if (lists.size > KEPT) lists.delete(lists.keys().next().value!);
  };

  const getList = async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
    const given = params.meta?.after;
    const page = params.pagination?.page ?? 1;
    if (typeof given === 'string' && given !== '') return (await read(resource, params, given)) as never;
    const key = keyOf(resource, params);
    // The nearest earlier page whose cursor is known (page 1 needs none), then forward to the one asked for.
    let at = Math.max(page, 1);
    while (at > 1 && lists.get(key)?.[at - 2] === undefined) at -= 1;
    for (;;) {
      const after = at > 1 ? lists.get(key)![at - 2] : undefined;
      const answer = await read(resource, params, after);
      remember(key, at, answer.meta.next);
      if (at === page) return answer as never;
      // The list ended before the page asked for: that page is empty.
      if (answer.meta.next === null) return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } };
      at += 1;
    }
  };
  return getList as DataProvider['getList'];
}
