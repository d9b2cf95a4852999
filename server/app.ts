import Fastify, { type FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';
import { openDb, type Db } from './db/index.js';
import { createAuth, type Auth } from './auth/index.js';
import { createMailer, type Mailer } from './mail/index.js';
import { memoryBroker, pgBroker, type Broker } from './live/broker.js';
import { Backoff, Throttle } from './core/throttle.js';
import { setup, type SetupResult } from './setup.js';
import { readActive } from './core/appStatus.js';
import { registerSecurity } from './http/security.js';
import { registerErrors } from './http/errors.js';
import { registerTextGuard } from './http/textGuard.js';
import { serializerCompiler } from './http/serializer.js';
import { registerAccess } from './http/access.js';
import { authRoutes } from './routes/auth.js';
import { healthRoutes } from './routes/health.js';
import { meRoutes } from './routes/me.js';
import { appStatusRoutes } from './routes/appStatus.js';
import { spaRoutes } from './routes/spa.js';
import { usersRoutes } from './routes/users.js';
import { languagesRoutes } from './routes/languages.js';
import { productsRoutes } from './routes/products.js';
import { uploadsRoutes, type StagingStore } from './routes/uploads.js';
import { localStore, s3Store, type FileStore } from './files/store.js';
import { stagingStore } from './files/staging.js';
import { sweepFiles } from './core/files.js';

const HOUR = 3600_000;
/** Stored images no product refers to are kept this long (an add or edit form may still be open). */
export const FILE_GRACE_MS = 24 * HOUR;
const root = join(fileURLToPath(import.meta.url), '..', '..');

/** Everything a running console holds; tests reach in through it. */
export interface Services {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  broker: Broker;
  setup: SetupResult;
  store: FileStore;
  staging: StagingStore;
}

export interface BuildOptions {
  /** Where the built browser app is; default dist/ beside package.json. */
  distDir?: string;
  /** Heartbeat of the event stream; default 15 s. */
  heartbeatMs?: number;
  /** SQLite only: how often the event stream re-reads the status to hear changes made by the CLI; default 1 s. */
  statusPollMs?: number;
  logger?: boolean;
}

/** Builds the console's server (never listens): opens the database, migrates, seeds, registers every route. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });
  const log = (msg: string): void => app.log.info(msg);
  const db = openDb(config, (err) => app.log.warn({ err }, 'an idle database connection was lost; the pool opens another'));
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log });
  const auth = createAuth(config, db, mailer, log);
  const setupResult = await setup(db, auth, { email: config.adminEmail, password: config.adminPassword });
  const broker = db.pool
    ? await pgBroker(db.pool, (err) => app.log.warn({ err }, 'live feed connection lost'))
    : memoryBroker({ read: () => readActive(db.kysely), everyMs: opts.statusPollMs ?? 1000 });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Linen & Cotton Console API', version: config.version } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerSecurity(app, config.publicUrl, config.trustedOrigins);
  registerErrors(app);
  registerTextGuard(app);
  registerAccess(app, { auth, db: db.kysely, absoluteMs: config.sessionAbsoluteHours * HOUR });

  authRoutes(app, {
    auth,
    publicUrl: config.publicUrl,
    signinBackoff: new Backoff(db.kysely, config.signinFailuresPerHour, HOUR),
    addressThrottle: new Throttle(db.kysely, 100, HOUR),
    resetThrottle: new Throttle(db.kysely, config.signinFailuresPerHour, HOUR),
  });
  healthRoutes(app, { db: db.kysely, version: config.version });
  meRoutes(app, { db: db.kysely, auth });
  appStatusRoutes(app, { db: db.kysely, broker, version: config.version, heartbeatMs: opts.heartbeatMs ?? 15_000 });
  usersRoutes(app, { db: db.kysely, auth, mailer, publicUrl: config.publicUrl });
  languagesRoutes(app, { db: db.kysely });
  productsRoutes(app, { db: db.kysely });
  const store: FileStore = config.s3 ? s3Store(config.s3) : localStore(join(config.dataDir, 'files'));
  const staging = stagingStore(config);
  uploadsRoutes(app, { db: db.kysely, store, staging, maxBytes: config.uploadMaxBytes, maxPixels: config.imageMaxPixels });
  // Hourly: expired unfinished uploads, and stored images no product uses after a day's grace.
  const sweep = setInterval(() => {
    void Promise.all([staging.deleteExpired(), sweepFiles(db.kysely, store, FILE_GRACE_MS)]).catch((err: unknown) =>
      app.log.warn({ err }, 'file sweep failed'),
    );
  }, HOUR);
  sweep.unref();
  await spaRoutes(app, opts.distDir ?? join(root, 'dist'));

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await broker.close();
    await db.close();
  });
  return { app, services: { db, auth, mailer, broker, setup: setupResult, store, staging } };
}
