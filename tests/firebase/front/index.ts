import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRelay } from './grpc';
import { restTarget, serveRest } from './rest';
import { createWebChannel, type WebChannelStats } from './webchannel';

// The Firestore front for the browser SDK: what its browser build sends to firestore.googleapis.com (REST calls and
// WebChannel streams), served on a plain node:http server and relayed to the in-process gRPC emulator. Test and
// local-development infrastructure (README.md beside this file).

export interface FirestoreFront {
  /** The front's port on 127.0.0.1: connectFirestoreEmulator(db, '127.0.0.1', port). */
  port: number;
  /** What was asked of the front so far (the tests check which transport the SDK used). */
  stats: WebChannelStats & { rest: Record<string, number> };
  stop: () => Promise<void>;
}

const CHANNEL = /^\/google\.firestore\.v1\.Firestore\/(Listen|Write)\/channel$/;

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });

/** Browsers call from the console's own origin with credentials: that origin is allowed, with any header asked for. */
function allowOrigin(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', 'X-HTTP-Session-Id, X-HTTP-Initial-Response');
  res.setHeader('Vary', 'Origin');
}

/**
 * Starts the front on 127.0.0.1:`port` (0: a free one) before the emulator's gRPC service on `grpcPort`; or, given
 * `bound`, on that server already listening (emulators.ts binds it before the emulators load, so a build can name it).
 */
export async function startFirestoreFront(grpcPort: number, port = 0, bound?: Server): Promise<FirestoreFront> {
  const relay = createRelay(grpcPort);
  const channel = createWebChannel(relay);
  const rest: Record<string, number> = {};
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    allowOrigin(req, res);
    const url = new URL(req.url ?? '/', 'http://front');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? '*');
      res.setHeader('Access-Control-Max-Age', '3600');
      res.writeHead(204).end();
      return;
    }
    const stream = CHANNEL.exec(url.pathname)?.[1] as 'Listen' | 'Write' | undefined;
    if (stream && (req.method === 'GET' || req.method === 'POST')) {
      void readBody(req).then((body) => channel.serve(stream, url, body, req, res));
      return;
    }
    const target = req.method === 'POST' ? restTarget(url.pathname) : null;
    if (target) {
      rest[target.method] = (rest[target.method] ?? 0) + 1;
      void serveRest(relay, target, req, res).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    res
      .writeHead(404, { 'Content-Type': 'text/plain' })
      .end(`Not served by the Firestore front: ${req.method} ${url.pathname}`);
  };
  const server = bound ?? createServer();
  server.on('request', handler);
  if (!bound) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stats: Object.assign(channel.stats, { rest }),
    stop: () =>
      new Promise<void>((resolve) => {
        channel.close();
        relay.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
