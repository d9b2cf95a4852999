import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import rateLimit from '@fastify/rate-limit';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { createServices, type ServiceOptions, type Services } from './services.js';
import { SignInGuard } from './core/signin.js';
import { registerSecurity } from './http/security.js';
import { registerErrors } from './http/errors.js';
import { registerLocale } from './http/locale.js';
import { registerTextGuard } from './http/textGuard.js';
import { serializerCompiler } from './http/serializer.js';
import { registerAccess, userNow } from './http/access.js';
import { ACCOUNT_PARTS } from './live/dashboardParts.js';
import { countRequests, createMetrics, metricsRoute } from './http/metrics.js';
import { EventStreams } from './live/streams.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { meRoutes } from './routes/me.js';
import { appStatusRoutes } from './routes/appStatus.js';
import { spaRoutes } from './routes/spa.js';
import { usersRoutes } from './routes/users.js';
import { languagesRoutes } from './routes/languages.js';
import { productsRoutes } from './routes/products.js';
import { productBulkRoutes } from './routes/productBulk.js';
import { uploadsRoutes } from './routes/uploads.js';
import { recordRoutes } from './routes/described.js';
import { historyRoutes } from './routes/history.js';
import { storefrontRoutes } from './routes/storefront.js';
import { viewsRoutes } from './routes/views.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { DomainError } from './core/errors.js';
import { webhooksRoutes } from './routes/webhooks.js';
import { accountRoutes } from './routes/account.js';
import { AccountEvents } from './core/accountEvents.js';
import { checkDescribedTables } from './db/describedTables.js';
import { describedSteps } from './db/migrate.js';
import { servedResources } from './resources.js';
import { checkReferences, type ResourceDescription } from '../domain/resourceDescription.js';
import { productDescription } from '../domain/productFields.js';
import { said } from '../domain/translate.js';
import { readableLog } from './lib/readableLog.js';

export type { Services } from './services.js';

const HOUR = 3600_000;
const root = join(fileURLToPath(import.meta.url), '..', '..');

export interface BuildOptions {
  /** Where the built browser app is; default dist/ beside package.json. */
  distDir?: string;
  /** Heartbeat of the event stream; default 15 s. */
  heartbeatMs?: number;
  /** SQLite only: how often the event stream re-reads the status to hear changes made by the CLI; default 1 s. */
  statusPollMs?: number;
  logger?: boolean;
  /**
   * The described resources served (domain/resourceDescription.ts); the console's own (server/resources.ts) unless a
   * test gives others.
   */
  described?: readonly ResourceDescription[];
  /** The products' description (domain/productFields.ts); tests give one with `access.delete` to turn delete on. */
  productDescription?: ResourceDescription;
  /** Webhook delivery timing; tests shorten the retry schedule and the outbox poll. */
  webhooks?: ServiceOptions['webhooks'];
  /** The server's terminal, for an outbox mail's link (server/main.ts); tests leave it out. */
  announce?: ServiceOptions['announce'];
  /** How long /api/ready keeps the file store's probe answer; default 5 s. */
  readyProbeCacheMs?: number;
  /** PostgreSQL only: the feed cache's alive period and drop wait; tests shorten them. */
  feedPeers?: ServiceOptions['feedPeers'];
  /** The scheduler's clock; tests set theirs (server/core/schedule.ts). */
  clock?: ServiceOptions['clock'];
}

/** Builds the console's server (never listens): opens the database, migrates, seeds, registers every route. */
export async function buildApp(
  config: Config,
  opts: BuildOptions = {},
): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : config.logFormat === 'pretty'
          ? { level: config.logLevel, stream: readableLog((line) => process.stdout.write(`${line}\n`)) }
          : { level: config.logLevel },
    // Whom to believe in X-Forwarded-For for req.ip (the feed's limit, sign-in throttling, logs): TRUST_PROXY.
    // (A number of hops works at run time, as Fastify documents it; its types leave the number out.)
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    // While shutting down, a request that arrives on a connection already open (a load balancer's keep-alive) is
    // served, with Connection: close, instead of refused with 503: the instance still works until its last answer.
    return503OnClosing: false,
    // A language key (at most 200 characters) is a path segment; percent-encoded it can take about 1800.
    routerOptions: { maxParamLength: 2048 },
  });
  const services = await createServices(config, {
    firstAdmin: true,
    log: app.log,
    statusPollMs: opts.statusPollMs,
    webhooks: opts.webhooks,
    feedPeers: opts.feedPeers,
    clock: opts.clock,
    announce: opts.announce,
  });
  const { db, auth, mailer, broker, store, staging } = services;
  // The instance's open event streams and its metrics; /metrics, and counting requests, only with METRICS_TOKEN.
  const streams = new EventStreams();
  const metrics = config.metricsToken
    ? await createMetrics({ db: db.kysely, pool: db.pool, streams, log: app.log })
    : null;
  if (metrics) countRequests(app, metrics);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Linen & Cotton Console API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSecurity(app, config.publicUrl, config.trustedOrigins);
  registerErrors(app);
  registerLocale(app);
  registerTextGuard(app);
  const absoluteMs = config.sessionAbsoluteHours * HOUR;
  const whoIs = registerAccess(app, {
    auth,
    db: db.kysely,
    absoluteMs,
    cacheMs: config.sessionCacheSeconds * 1000,
    require2fa: config.require2fa,
  });
  // An open dashboard reads its figures again after each account event (a failed sign-in is one of them); sessions
  // ended end their open streams.
  const events = new AccountEvents(
    db.kysely,
    (obj, msg) => app.log.warn(obj, msg),
    async (action) => {
      await services.dashboardBroker.publish(ACCOUNT_PARTS);
      if (action === 'sessionsEnded' || action === 'passwordChanged') await services.sessionsBroker.publish();
    },
  );
  // Who an open event stream's cookie signs in now (live/streams.ts, endWhenRefused).
  const signedIn = (cookie: string | undefined) => userNow(cookie, { auth, db: db.kysely, absoluteMs });

  const guard = new SignInGuard(db.kysely, config.signinFailuresPerHour, undefined, (reason) =>
    metrics?.signInFailures.inc({ reason }),
  );
  authRoutes(app, {
    auth,
    db: db.kysely,
    mailer,
    publicUrl: config.publicUrl,
    guard,
    events,
    whoIs,
    require2fa: config.require2fa,
  });
  accountRoutes(app, { db: db.kysely, auth, events, absoluteMs });
  healthRoutes(app, { db: db.kysely, version: config.version, store, probeCacheMs: opts.readyProbeCacheMs });
  if (metrics && config.metricsToken) metricsRoute(app, metrics, config.metricsToken);
  meRoutes(app, { db: db.kysely, auth, require2fa: config.require2fa });
  appStatusRoutes(app, {
    db: db.kysely,
    broker,
    version: config.version,
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    streams,
    sessions: services.sessionsBroker,
    signedIn,
  });
  usersRoutes(app, { db: db.kysely, auth, mailer, publicUrl: config.publicUrl });
  languagesRoutes(app, { db: db.kysely });
  const described = opts.described ?? servedResources;
  // The described resources and the products (whose description may point to them, and they to it).
  const all = [...described, opts.productDescription ?? productDescription];
  productsRoutes(app, {
    db: db.kysely,
    store,
    timeZone: config.timeZone,
    description: opts.productDescription,
    all,
  });
  productBulkRoutes(app, { db: db.kysely });
  viewsRoutes(app, { db: db.kysely, all });
  dashboardRoutes(app, {
    db: db.kysely,
    require2fa: config.require2fa,
    described,
    broker: services.dashboardBroker,
    streams,
    heartbeatMs: opts.heartbeatMs ?? 15_000,
    sessions: services.sessionsBroker,
    signedIn,
  });
  historyRoutes(app, { db: db.kysely, described });
  uploadsRoutes(app, {
    db: db.kysely,
    store,
    staging,
    maxBytes: config.uploadMaxBytes,
    maxPixels: config.imageMaxPixels,
    inProgress: metrics?.uploads,
  });
  // Made by the migrations (npm run resources writes them); a description they do not match stops the start here.
  checkReferences(all);
  await checkDescribedTables(db.kysely as unknown as Kysely<unknown>, db.dialect, all, describedSteps());
  for (const r of described) recordRoutes(app, db.kysely, r, all, store);
  // The feed in a scope of its own, with one budget per client address across its routes (PUBLIC_REQUESTS_PER_MINUTE).
  await app.register(async (scope) => {
    if (config.publicRequestsPerMinute > 0) {
      await scope.register(rateLimit, {
        max: config.publicRequestsPerMinute,
        timeWindow: 60_000,
        // Our error answer (http/errors.ts): 429 { error: { code: 'throttled', … } }; the plugin adds Retry-After.
        errorResponseBuilder: (_req, context) =>
          new DomainError(
            'throttled',
            said('errors.tooManyRequests', { n: Math.max(1, Math.ceil(context.ttl / 1000)) }),
          ),
      });
    }
    storefrontRoutes(scope, {
      db: db.kysely,
      cache: services.feed,
      publicUrl: config.publicUrl,
      secret: config.authSecret,
      store,
      ...config.storefront,
      described,
    });
  });
  webhooksRoutes(app, {
    db: db.kysely,
    allowPrivate: config.webhookAllowPrivate,
    wake: () => services.webhooks.wake(),
  });
  services.startJobs();
  await spaRoutes(app, opts.distDir ?? join(root, 'dist'));

  app.addHook('onClose', () => services.close());
  return { app, services };
}
