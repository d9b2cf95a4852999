// The log as a person at a terminal reads it (LOG_FORMAT=pretty, or unset with stdout a terminal): pino's JSON lines,
// one by one, written as short lines instead. Fastify's two lines per request are left out unless the request failed
// (5xx) or was slow; its 'Server listening at' too (server/main.ts says where the console is). A 4xx is the caller's
// mistake (a signed-out probe of /api/me, a refused form), answered as meant: not news to whoever runs the server.

/** A request that took this long or longer is shown, whatever its answer. */
export const SLOW_REQUEST_MS = 1000;

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** What every line carries, or what is shown another way. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'responseTime']);
/** Requests begun and not yet answered, by id; a request never answered is forgotten past this many. */
const OPEN_MAX = 10_000;

type Line = Record<string, unknown> & { level?: number; time?: number; msg?: string; reqId?: string };

const clock = (time: unknown): string =>
  new Date(typeof time === 'number' ? time : Date.now()).toTimeString().slice(0, 8);

const valueText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A pino destination writing readable lines to `out` (one call a line, without its newline). A line that is not
 * JSON is passed on as it is.
 */
export function readableLog(out: (line: string) => void): { write(chunk: string): void } {
  const open = new Map<string, string>();
  const show = (l: Line, level: string, text: string): void => {
    const extra = Object.entries(l)
      .filter(([k]) => !SHOWN_APART.has(k))
      .map(([k, v]) => `${k}=${valueText(v)}`);
    const err = l.err as { stack?: string; message?: string } | undefined;
    const more = err ? `\n  ${(err.stack ?? err.message ?? '').replace(/\n/g, '\n  ')}` : '';
    out(`${clock(l.time)} ${level.padEnd(5)} ${[text, ...extra].join(' ')}${more}`);
  };
  const line = (l: Line): void => {
    const level = LEVELS[l.level ?? 30] ?? 'INFO';
    const id = l.reqId;
    if (l.msg === 'incoming request' && id !== undefined) {
      const req = l.req as { method?: string; url?: string } | undefined;
      if (open.size >= OPEN_MAX) open.delete(open.keys().next().value!);
      open.set(id, `${req?.method ?? '?'} ${req?.url ?? '?'}`);
      return;
    }
    if (l.msg === 'request completed' && id !== undefined) {
      const what = open.get(id) ?? '(a request)';
      open.delete(id);
      const status = (l.res as { statusCode?: number } | undefined)?.statusCode ?? 0;
      const ms = typeof l.responseTime === 'number' ? Math.round(l.responseTime) : 0;
      if (status >= 500) show({ time: l.time }, 'ERROR', `${what}: ${status} after ${ms} ms`);
      else if (ms >= SLOW_REQUEST_MS) show({ time: l.time }, 'WARN', `${what}: ${status} after ${ms} ms (slow)`);
      return;
    }
    if (typeof l.msg === 'string' && l.msg.startsWith('Server listening at ')) return;
    show(l, level, l.msg ?? '');
  };
  return {
    write(chunk: string): void {
      for (const text of chunk.split('\n')) {
        if (text.trim() === '') continue;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          out(text);
          continue;
        }
        if (parsed && typeof parsed === 'object') line(parsed as Line);
        else out(text);
      }
    },
  };
}
