import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../providers/local/dataProvider';

afterEach(() => vi.restoreAllMocks());

// One undo route shape (server/routes/history.ts, undoRoutes): each resource's entries are undone under its own
// address, products' as a described resource's; the first address, /api/history/:entry/undo, is only kept for others.
describe('local provider: undo of one history entry', () => {
  it('posts to /api/<resource>/history/:entry/undo with the version as If-Match, products like the rest', async () => {
    const calls: { path: string; method: string; headers: Record<string, string> }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({
        path: String(input),
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
      });
      return new Response(JSON.stringify({ id: 'x', version: 4 }), { status: 200 });
    });
    const provider = createDataProvider();
    await provider.undoHistory('12', 3, { kind: 'product', id: 'p1' });
    await provider.undoHistory('13', 5, { kind: 'record', resource: 'careguides', id: 'c1' });
    expect(calls.map((c) => [c.method, c.path, c.headers['If-Match']])).toEqual([
      ['POST', '/api/products/history/12/undo', '"3"'],
      ['POST', '/api/careguides/history/13/undo', '"5"'],
    ]);
  });
});
