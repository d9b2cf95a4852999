import { afterEach, describe, expect, it, vi } from 'vitest';
import { restMethods } from '../../../providers/local/rest';
import { userWith } from '../../components/helpers';

/** Answers every fetch with one JSON body; records method, path, headers and body. */
function answer(body: unknown, status = 200) {
  const calls: { path: string; method: string; headers: Record<string, string>; body?: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({
      path: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    return new Response(JSON.stringify(body), { status });
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe('local rest provider', () => {
  it('reads cursor pages, giving users their uid as id and passing the cursor on', async () => {
    const calls = answer({ items: [userWith({ uid: 'u5' })], next: 'abc' });
    const page = await restMethods().getList('users', {
      pagination: { page: 1, perPage: 10 },
      meta: { after: 'xyz' },
      filter: {},
    });
    expect(calls[0]!.path).toBe('/api/users?limit=10&after=xyz');
    expect(page.data[0]).toMatchObject({ id: 'u5', uid: 'u5' });
    expect(page.meta).toEqual({ next: 'abc' });
    expect(page.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it(
    "passes a list's filter on as query parameters, " + "empty ones left out (the products list's missing=se)",
    async () => {
      const calls = answer({ items: [], next: null });
      await restMethods().getList('products', {
        pagination: { page: 1, perPage: 10 },
        filter: { missing: 'se', category: 'Linen', q: '' },
      });
      expect(calls[0]!.path).toBe('/api/products?limit=10&missing=se&category=Linen');
    },
  );

  it('reads a named view of a resource, which may answer without a cursor', async () => {
    const calls = answer({ items: [userWith({ uid: 'u9' })] });
    const page = await restMethods().getList('users', {
      pagination: { page: 1, perPage: 2 },
      meta: { view: 'newest' },
    });
    expect(calls[0]!.path).toBe('/api/users/newest?limit=2');
    expect(page.pageInfo?.hasNextPage).toBe(false);
    expect(page.meta).toEqual({ next: null });
  });

  it('updates with PATCH, and replaces the whole record with PUT and If-Match when meta.replace is set', async () => {
    const calls = answer({ id: 'se', texts: { a: 'b' }, version: 6, updated: 'now' });
    const rest = restMethods();
    await rest.update('users', { id: 'u2', data: { isEditor: true }, previousData: { id: 'u2' } });
    await rest.update('languages', {
      id: 'se',
      data: { texts: { a: 'b' } },
      previousData: { id: 'se', version: 5 },
      meta: { replace: true },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['PATCH /api/users/u2', 'PUT /api/languages/se']);
    expect(calls[0]!.headers['If-Match']).toBeUndefined();
    expect(calls[1]!.headers['If-Match']).toBe('"5"');
    expect(calls[1]!.body).toEqual({ texts: { a: 'b' } });
  });

  it('deletes with If-Match when the record it was decided on has a version, and without one otherwise', async () => {
    const calls = answer({});
    await restMethods().delete('languages/en/keys', { id: 'a/b ä', previousData: { id: 'a/b ä', version: 7 } });
    await restMethods().delete('things', { id: 't1' });
    expect(calls.map((c) => [c.method, c.path, c.headers['If-Match']])).toEqual([
      ['DELETE', '/api/languages/en/keys/a%2Fb%20%C3%A4', '"7"'],
      ['DELETE', '/api/things/t1', undefined],
    ]);
  });
});
