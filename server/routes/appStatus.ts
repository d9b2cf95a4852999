import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Broker } from '../live/broker.js';
import { endWhenRefused, type EventStreams } from '../live/streams.js';
import type { User } from '../../domain/users.js';
import { AppStatus, AppStatusUpdate } from '../../domain/appStatus.js';
import { readActive, writeActive } from '../core/appStatus.js';

interface Deps {
  db: Kysely<Database>;
  broker: Broker;
  version: string;
  heartbeatMs: number;
  /** The instance's open streams (counted by /metrics, ended with a retry hint on shutdown). */
  streams: EventStreams;
  /** "Someone's sessions or roles changed", and who a cookie signs in now: a stream opened signed in ends with it. */
  sessions: Broker;
  signedIn: (cookie: string | undefined) => Promise<User | null>;
}

/** The live app status: read, change (admin) and follow as server-sent events. */
export function appStatusRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const status = async (): Promise<AppStatus> => ({ active: await readActive(deps.db), version: deps.version });

  r.get(
    '/api/app/status',
    { config: { access: 'public' }, schema: { tags: ['app'], response: { 200: AppStatus } } },
    status,
  );

  r.put(
    '/api/app/status',
    { config: { access: 'admin' }, schema: { tags: ['app'], body: AppStatusUpdate, response: { 200: AppStatus } } },
    async (req) => {
      // Core announces the change once written; the live feed follows the announcement (services.ts).
      await writeActive(deps.db, req.body.active, req.user!.uid);
      return status();
    },
  );

  // Every stream that hears one announcement shares one read, started after the change (the broker announces after
  // commit and calls its listeners synchronously). 500 open streams made 500 reads per change (BENCHMARKS.md).
  let shared: Promise<AppStatus> | null = null;
  const announced = (): Promise<AppStatus> => {
    if (!shared) {
      shared = status();
      queueMicrotask(() => (shared = null));
    }
    return shared;
  };

  // preClose, not onClose: Fastify waits for open connections before onClose, and an event stream never ends by itself.
  // Each stream is told to come back soon: behind a load balancer, to an instance that is still up.
  app.addHook('preClose', async () => deps.streams.endAll());

  r.get('/api/app/status/events', { config: { access: 'public' }, schema: { tags: ['app'] } }, async (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    let id = 0;
    let last = '';
    const send = async (read: () => Promise<AppStatus>): Promise<void> => {
      const data = JSON.stringify(await read());
      if (data === last || res.writableEnded) return;
      last = data;
      write(`id: ${++id}\ndata: ${data}\n\n`);
    };
    const write = deps.streams.start(req.raw, res, deps.heartbeatMs, () =>
      deps.broker.subscribe(
        () => void send(announced).catch((err: unknown) => req.log.warn({ err }, 'status read failed')),
      ),
    );
    await send(status).catch(() => res.end());
    // Opened signed in: it ends when that session does (the console's reconnection then follows as nobody).
    const cookie = req.headers.cookie;
    if (cookie && !res.writableEnded && (await deps.signedIn(cookie)))
      endWhenRefused(req.raw, res, deps.sessions, async () => (await deps.signedIn(cookie)) !== null);
  });
}
