import { createServer, type Server } from 'node:http';
import { createServer as netServer } from 'node:net';

/** One POST a receiver got: its headers and the raw body as sent. */
export interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook receiver on 127.0.0.1: what it got, and the status it answers with (200 unless changed). */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  answer: number;
  close(): Promise<void>;
}

/** A port on 127.0.0.1 nothing listens on (yet): a receiver that is down. */
export async function freePort(): Promise<number> {
  const s = netServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

/** Starts a receiver (on `port` when given: one that was down comes up). */
export async function startReceiver(port = 0): Promise<Receiver> {
  const received: Received[] = [];
  const r: Receiver = { url: '', port: 0, received, answer: 200, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(r.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  r.port = (server.address() as { port: number }).port;
  r.url = `http://127.0.0.1:${r.port}/hook`;
  r.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return r;
}

/** Waits until `check` holds (polling), or fails with `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
