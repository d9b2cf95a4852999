import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import { pagesByCursor, type CursorRead } from '../../../providers/shared/pageCursors';

/** A list of `n` rows r1…rn read three a page by cursor (the cursor is the last row's number), as our servers do. */
function rowsByCursor(n: number) {
  const read = vi.fn<CursorRead>(async (_resource, params, after) => {
    const from = after === undefined ? 0 : Number(after);
    const size = params.pagination?.perPage ?? 3;
    const data = Array.from({ length: Math.max(0, Math.min(size, n - from)) }, (_, i) => ({ id: `r${from + i + 1}` }));
    const next = from + size < n ? String(from + size) : null;
    return { data, pageInfo: { hasNextPage: next !== null, hasPreviousPage: after !== undefined }, meta: { next } };
  });
  return read;
}

const page = (n: number, filter: Record<string, unknown> = {}): GetListParams => ({
  pagination: { page: n, perPage: 3 },
  sort: { field: 'sku', order: 'DESC' },
  filter,
});
const ids = (r: { data: { id: unknown }[] }) => r.data.map((x) => x.id);

describe('pages by cursor', () => {
  it("reads page after page with the cursor each page's answer gave, and says when the last is reached", async () => {
    const read = rowsByCursor(7);
    const getList = pagesByCursor(read);
    expect(ids(await getList('products', page(1)))).toEqual(['r1', 'r2', 'r3']);
    const second = await getList('products', page(2));
    expect(ids(second)).toEqual(['r4', 'r5', 'r6']);
    expect(read.mock.calls[1]![2]).toBe('3');
    const third = await getList('products', page(3));
    expect(ids(third)).toEqual(['r7']);
    expect(third.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps the cursors of each list apart (another filter starts from its own first page)', async () => {
    const read = rowsByCursor(7);
    const getList = pagesByCursor(read);
    await getList('products', page(1));
    await getList('products', page(1, { category: 'Linen' }));
    read.mockClear();
    await getList('products', page(2, { category: 'Linen' }));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![2]).toBe('3');
  });

  it('reaches a page whose cursor it does not know by reading the pages before it', async () => {
    const read = rowsByCursor(7);
    const getList = pagesByCursor(read);
    expect(ids(await getList('products', page(3)))).toEqual(['r7']);
    expect(read.mock.calls.map((c) => c[2])).toEqual([undefined, '3', '6']);
    // Past the end: an empty last page, not an error.
    const beyond = await pagesByCursor(rowsByCursor(2))('products', page(4));
    expect(beyond).toMatchObject({ data: [], pageInfo: { hasNextPage: false } });
  });

  it('reads after a cursor the caller gives (meta.after), whatever the page number', async () => {
    const read = rowsByCursor(7);
    const result = await pagesByCursor(read)('products', { ...page(1), meta: { after: '5' } });
    expect(ids(result)).toEqual(['r6', 'r7']);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
