import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, isRepeatable, setRetryTimers } from '../../../providers/local/http';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'no answer';

/** Stubs fetch with answers given in turn (the last one repeats); records every call's method. */
function server(...replies: Reply[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push(init.method ?? 'GET');
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)]!;
    if (reply === 'no answer') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.headers,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const failure = (status: number, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { error: { code: `e${status}`, message: `Status ${status}.` } },
});
const ok: Reply = { status: 200, body: { id: 'p1' } };

/** The waits between tries, recorded instead of slept (the clock stands still). */
let waits: number[];

beforeEach(() => {
  waits = [];
  setRetryTimers({ sleep: async (ms) => void waits.push(ms), random: () => 0 });
});

afterEach(() => {
  setRetryTimers();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api retries', () => {
  it('retries a GET on 503 and answers what the next try gets', async () => {
    const calls = server(failure(503), failure(503), ok);
    await expect(api('/api/products/p1')).resolves.toEqual({ id: 'p1' });
    expect(calls).toEqual(['GET', 'GET', 'GET']);
    expect(waits).toEqual([1000, 2000]);
  });

  it('retries a GET that got no answer, 408, 429 and 500', async () => {
    const calls = server('no answer', failure(408), failure(429), failure(500), ok);
    await expect(api('/api/me')).resolves.toEqual({ id: 'p1' });
    expect(calls).toHaveLength(5);
    expect(waits).toEqual([1000, 2000, 4000, 8000]);
  });

  it('gives up after the 120 s budget with the last answer (fake timers)', async () => {
    vi.useFakeTimers();
    setRetryTimers({ random: () => 0 }); // the real clock and sleep, driven by the fake timers
    const calls = server(failure(503));
    let outcome: unknown;
    void api('/api/products').then(
      () => (outcome = 'resolved'),
      (err: unknown) => (outcome = err),
    );
    // Tries at 0, 1, 3, 7, 15, 31, 63 and 95 s; the next wait (32 s) is cut to end on the budget.
    await vi.advanceTimersByTimeAsync(119_999);
    expect(calls).toHaveLength(8);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(9);
    expect(outcome).toBeInstanceOf(ApiError);
    expect(outcome).toMatchObject({ status: 503, code: 'e503', message: 'Status 503.' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(9);
  });

  it('never retries a POST, whatever the failure', async () => {
    for (const reply of [failure(503), failure(429), 'no answer' as const]) {
      const calls = server(reply, { status: 201, body: { id: 'p2' } });
      await expect(api('/api/products', { method: 'POST', body: { sku: 'A' } })).rejects.toBeInstanceOf(ApiError);
      expect(calls).toEqual(['POST']);
    }
    expect(waits).toEqual([]);
  });

  it('retries a PATCH only when it carries If-Match, and a PUT always', async () => {
    let calls = server(failure(502), ok);
    await expect(api('/api/me', { method: 'PATCH', body: { firstName: 'A' } })).rejects.toMatchObject({ status: 502 });
    expect(calls).toEqual(['PATCH']);

    calls = server(failure(502), ok);
    await expect(
      api('/api/products/p1', { method: 'PATCH', body: { name: 'A' }, headers: { 'If-Match': '"3"' } }),
    ).resolves.toEqual({ id: 'p1' });
    expect(calls).toEqual(['PATCH', 'PATCH']);

    calls = server(failure(502), ok);
    await expect(api('/api/languages/en', { method: 'PUT', body: {} })).resolves.toEqual({ id: 'p1' });
    expect(calls).toEqual(['PUT', 'PUT']);

    calls = server(failure(502), ok);
    await expect(api('/api/products/p1', { method: 'DELETE' })).rejects.toMatchObject({ status: 502 });
    expect(calls).toEqual(['DELETE']);
  });

  it('says which requests are repeatable', () => {
    expect(isRepeatable('GET')).toBe(true);
    expect(isRepeatable('PUT')).toBe(true);
    expect(isRepeatable('PATCH', { 'if-match': '"1"' })).toBe(true);
    expect(isRepeatable('PATCH', { 'If-Match': '"1"' })).toBe(true);
    expect(isRepeatable('PATCH')).toBe(false);
    expect(isRepeatable('POST')).toBe(false);
    expect(isRepeatable('DELETE')).toBe(false);
  });

  it.each([400, 401, 403, 404, 409, 413, 415])('does not retry a GET answered %i', async (status) => {
    const calls = server(failure(status), ok);
    await expect(api('/api/products/p1')).rejects.toMatchObject({
      status,
      code: `e${status}`,
      message: `Status ${status}.`,
    });
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('stops retrying when aborted during a wait, with the abort reason', async () => {
    vi.useFakeTimers();
    setRetryTimers({ random: () => 0 });
    const calls = server(failure(503));
    const control = new AbortController();
    const call = api('/api/products', { signal: control.signal });
    const settled = call.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(1500); // tries at 0 and 1 s, now waiting 2 s
    expect(calls).toHaveLength(2);
    control.abort();
    const err = await settled;
    expect(err).toBe(control.signal.reason);
    expect(err).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(200_000);
    expect(calls).toHaveLength(2);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const calls = server(ok);
    const control = new AbortController();
    control.abort();
    await expect(api('/api/products', { signal: control.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toEqual([]);
  });

  it('waits what Retry-After asks on 429 and 503, and its own backoff otherwise', async () => {
    const calls = server(
      failure(429, { 'Retry-After': '7' }),
      failure(503, { 'Retry-After': '0' }),
      failure(500, { 'Retry-After': '30' }),
      ok,
    );
    await expect(api('/api/products')).resolves.toEqual({ id: 'p1' });
    expect(calls).toHaveLength(4);
    // 429: 7 s as asked; 503: at once as asked; 500: Retry-After means nothing there, so the third backoff step (4 s).
    expect(waits).toEqual([7000, 0, 4000]);
  });

  it('reads a Retry-After date', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    setRetryTimers({ sleep: async (ms) => void waits.push(ms) });
    server(failure(503, { 'Retry-After': 'Thu, 01 Jan 2026 00:00:12 GMT' }), ok);
    await expect(api('/api/products')).resolves.toEqual({ id: 'p1' });
    expect(waits).toEqual([12_000]);
  });

  it(
    'gives up at once when Retry-After reaches past the ' + 'budget, and cuts the wait to the budget otherwise',
    async () => {
      let calls = server(failure(503, { 'Retry-After': '121' }), ok);
      await expect(api('/api/products')).rejects.toMatchObject({ status: 503 });
      expect(calls).toHaveLength(1);
      expect(waits).toEqual([]);

      vi.useFakeTimers();
      setRetryTimers({ random: () => 0 });
      calls = server(failure(503), failure(429, { 'Retry-After': '119' }), failure(429, { 'Retry-After': '1' }), ok);
      let outcome: unknown;
      void api('/api/products').then(
        (v) => (outcome = v),
        (err: unknown) => (outcome = err),
      );
      // 0 s: 503, wait 1 s; 1 s: 429 asking 119 s, which ends exactly on the budget; 120 s: 429 again, nothing left.
      await vi.advanceTimersByTimeAsync(119_999);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(3);
      expect(outcome).toMatchObject({ status: 429 });
    },
  );

  it(
    'keeps the first failure when not retried: the server ' + 'message, or the network message without an answer',
    async () => {
      server('no answer');
      const err = await api('/api/auth/sign-out', { method: 'POST', body: {} }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 0, code: 'network' });
    },
  );
});

describe('field messages of a refusal', () => {
  it(
    "carries a 400's field details as react-admin's body.errors, " +
      'by field (nested ones dotted), the first message of each',
    async () => {
      server({
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: 'Some fields are not valid.',
            details: [
              { path: '/price', message: 'At most 50 characters' },
              { path: 'body/name', message: 'No control characters' },
              { path: '/images/1', message: 'Not an uploaded image' },
              { path: '/price', message: 'A second message' },
              { path: 'query/q', message: 'Not a body field' },
              { path: '/translations/se/name', message: 'One line only' },
              { path: 'body/translations/se/details', message: 'Too long' },
              { path: '/texts/a key', message: 'Named up to the first segment a form name cannot hold' },
              { path: '/', message: 'No field' },
            ],
          },
        },
      });
      const err = await api('/api/products', { method: 'POST', body: {} }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).body).toEqual({
        errors: {
          price: 'At most 50 characters',
          name: 'No control characters',
          images: 'Not an uploaded image',
          // A nested field by its dotted path, as the form's input is named (translations.se.name).
          'translations.se.name': 'One line only',
          'translations.se.details': 'Too long',
          texts: 'Named up to the first segment a form name cannot hold',
        },
      });
    },
  );

  it('has no body when the refusal names no field', async () => {
    server({ status: 400, body: { error: { code: 'validation', message: 'Bad.', details: { missing: ['x'] } } } });
    const err = await api('/api/products', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect((err as ApiError).body).toBeUndefined();
  });
});
