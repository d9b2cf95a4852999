import { describe, expect, it } from 'vitest';
import { readableLog, SLOW_REQUEST_MS } from '../../../server/lib/readableLog.js';

// What a person at the terminal sees of pino's lines (LOG_FORMAT=pretty): server/lib/readableLog.ts.
const time = new Date(2026, 10, 27, 9, 5, 7).getTime();

function shown(...lines: object[]): string[] {
  const out: string[] = [];
  const log = readableLog((l) => out.push(l));
  for (const l of lines) log.write(`${JSON.stringify({ time, pid: 1, hostname: 'h', ...l })}\n`);
  return out;
}
const begun = (reqId: string, method: string, url: string) => ({
  level: 30,
  reqId,
  req: { method, url, remoteAddress: '127.0.0.1' },
  msg: 'incoming request',
});
const done = (reqId: string, statusCode: number, responseTime: number) => ({
  level: 30,
  reqId,
  res: { statusCode },
  responseTime,
  msg: 'request completed',
});

describe('the readable log', () => {
  it('leaves out requests that went well, and 4xx answers', () => {
    expect(shown(begun('r1', 'GET', '/api/health'), done('r1', 200, 3.2))).toEqual([]);
    expect(
      shown(begun('r2', 'GET', '/api/me'), done('r2', 401, 1), begun('r3', 'PUT', '/x'), done('r3', 409, 9)),
    ).toEqual([]);
  });

  it('shows a request that failed (5xx) or was slow, with its method and address', () => {
    expect(shown(begun('r1', 'POST', '/api/products'), done('r1', 500, 12.4))).toEqual([
      '09:05:07 ERROR POST /api/products: 500 after 12 ms',
    ]);
    expect(shown(begun('r2', 'GET', '/api/products?q=x'), done('r2', 200, SLOW_REQUEST_MS + 0.4))).toEqual([
      `09:05:07 WARN  GET /api/products?q=x: 200 after ${SLOW_REQUEST_MS} ms (slow)`,
    ]);
  });

  it('shows warnings and errors with their fields and stack, and drops Fastify’s own address line', () => {
    expect(
      shown(
        { level: 30, msg: 'Server listening at http://127.0.0.1:3000' },
        { level: 40, msg: 'webhook delivery failed', url: 'https://h/x', attempt: 2 },
        {
          level: 50,
          reqId: 'r9',
          err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (a.ts:1)' },
          msg: 'boom',
        },
      ),
    ).toEqual([
      '09:05:07 WARN  webhook delivery failed url=https://h/x attempt=2',
      '09:05:07 ERROR boom\n  Error: boom\n      at f (a.ts:1)',
    ]);
  });

  it('passes a line that is not JSON as it is', () => {
    const out: string[] = [];
    readableLog((l) => out.push(l)).write('plain words\n');
    expect(out).toEqual(['plain words']);
  });
});
