import http from 'node:http';

/** A server-sent event stream read over a real socket. */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event's parsed data, or a rejection after timeoutMs. */
  next<T = unknown>(timeoutMs: number): Promise<T>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET path on baseUrl (with `headers`: a cookie) and parses `data:` lines into events as they arrive. */
export function openEvents(
  baseUrl: string,
  path = '/api/app/status/events',
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const queue: unknown[] = [];
    let waiter: ((v: unknown) => void) | null = null;
    const req = http.get(new URL(path, baseUrl), { headers }, (res) => {
      res.setEncoding('utf8');
      const ended = new Promise<void>((done) => {
        res.once('end', done);
        res.once('close', done);
      });
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (!data) continue;
          const event = JSON.parse(data) as unknown;
          if (waiter) {
            const w = waiter;
            waiter = null;
            w(event);
          } else queue.push(event);
        }
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        next<T>(timeoutMs: number) {
          if (queue.length > 0) return Promise.resolve(queue.shift() as T);
          return new Promise<T>((ok, fail) => {
            const timer = setTimeout(() => {
              waiter = null;
              fail(new Error(`no event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiter = (v) => {
              clearTimeout(timer);
              ok(v as T);
            };
          });
        },
        ended,
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
  });
}
