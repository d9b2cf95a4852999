import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/schema.js';
import type { EventStreams } from '../live/streams.js';
import { outboxBacklog } from '../core/webhookOutbox.js';
import { DomainError } from '../core/errors.js';
import { said } from '../../domain/translate.js';

/** What the gauges read when Prometheus asks. */
export interface MetricSources {
  db: Kysely<Database>;
  /** PostgreSQL's pool; null on SQLite (one connection in the process: no pool to report). */
  pool: pg.Pool | null;
  streams: EventStreams;
  log: { warn(obj: object, msg: string): void };
}

type Prom = typeof import('prom-client');
type Labels = 'method' | 'route' | 'status_code';

/** The console's metrics: a registry of this app's own, and the counters other parts move. */
export interface Metrics {
  registry: Registry;
  signInFailures: Counter<'reason'>;
  /** tus requests carrying an upload's bytes now, on this instance. */
  uploads: Gauge;
  requests: Counter<Labels>;
  duration: Histogram<Labels>;
}

/**
 * Makes the metrics, in a registry of this app's own (never prom-client's global one, so several apps in one
 * process, as in the tests, never share or collide). prom-client loads here, only when METRICS_TOKEN is set: about
 * 50 ms of start-up a console without metrics does not pay.
 */
export async function createMetrics(sources: MetricSources): Promise<Metrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics }: Prom = await import('prom-client');
  const { db, pool, streams, log } = sources;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    signInFailures: new Counter({
      name: 'console_signin_failures_total',
      help: 'Failed sign-ins on this instance: refused (wrong email or password, or no active account) or throttled',
      labelNames: ['reason'] as const,
      registers,
    }),
    uploads: new Gauge({
      name: 'console_uploads_in_progress',
      help: 'Upload requests (tus) being received by this instance now',
      registers,
    }),
    requests: new Counter({
      name: 'console_http_requests_total',
      help:
        'HTTP requests answered, by method, route pattern and ' +
        'status (status "aborted": the client left before an answer)',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    duration: new Histogram({
      name: 'console_http_request_duration_seconds',
      help:
        'Time from a request to the end of its answer, by ' +
        'method, route pattern and status (event streams left out)',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
  };
  new Gauge({
    name: 'console_event_stream_clients',
    help: 'Open live status streams (server-sent events) on this instance',
    registers,
    collect() {
      this.set(streams.size);
    },
  });
  if (pool) {
    const poolGauge = (name: string, help: string, read: () => number): void =>
      void new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    poolGauge(
      'console_db_pool_connections',
      'PostgreSQL connections this instance holds open (busy and idle)',
      () => pool.totalCount,
    );
    poolGauge('console_db_pool_idle', 'PostgreSQL connections open and idle', () => pool.idleCount);
    poolGauge('console_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  }
  // One read of the outbox per scrape, shared by its two gauges (the registry collects all metrics at once).
  let backlog: Promise<{ depth: number; oldest: string | null } | null> | null = null;
  const readBacklog = (): Promise<{ depth: number; oldest: string | null } | null> =>
    (backlog ??= outboxBacklog(db)
      .catch((err: unknown) => {
        log.warn({ err }, 'metrics: could not read the webhook outbox');
        return null;
      })
      .finally(() => (backlog = null)));
  // NaN when the database did not answer: unknown, not an empty outbox.
  new Gauge({
    name: 'console_webhook_outbox_depth',
    help: 'Webhook deliveries waiting to be sent or retried (all instances)',
    registers,
    async collect() {
      const b = await readBacklog();
      this.set(b ? b.depth : NaN);
    },
  });
  new Gauge({
    name: 'console_webhook_outbox_oldest_age_seconds',
    help: 'Age of the oldest webhook delivery still waiting; 0 when none waits',
    registers,
    async collect() {
      const b = await readBacklog();
      this.set(!b ? NaN : b.oldest ? Math.max(0, (Date.now() - Date.parse(b.oldest)) / 1000) : 0);
    },
  });
  return metrics;
}

/**
 * The bearer token's check: both sides hashed to one length, so the comparison takes the same time whatever was sent.
 */
function tokenCheck(token: string): (header: string | undefined) => boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  const expected = digest(token);
  return (header) => {
    const sent = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(sent), expected);
  };
}

/**
 * Counts every request (method, route pattern, status, time). Registered before the other hooks, so requests they
 * refuse are counted too. Only with METRICS_TOKEN set.
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (req, reply, done) => {
    const start = performance.now();
    const res = reply.raw;
    res.once('close', () => {
      // The route's pattern (/api/products/:id), never the address itself, which would make a series per product.
      const labels = {
        method: req.method,
        route: req.routeOptions.url ?? 'unmatched',
        status_code: res.headersSent ? String(res.statusCode) : 'aborted',
      };
      metrics.requests.inc(labels);
      // An event stream lasts as long as the browser stays: its time is no answer's latency.
      if (!String(res.getHeader('content-type') ?? '').startsWith('text/event-stream'))
        metrics.duration.observe(labels, (performance.now() - start) / 1000);
    });
    done();
  });
}

/**
 * GET /metrics in Prometheus' text format, for callers that send `Authorization: Bearer <METRICS_TOKEN>`; others get
 * 401.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const allowed = tokenCheck(token);
  // Public as far as sessions go: the token below is its own check, and a signed-in admin without it gets 401 too.
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req.headers.authorization)) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new DomainError('unauthenticated', said('errors.unauthenticated'));
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
