import { join } from 'node:path';
import type { Config } from './config.js';
import { openDb, type Db } from './db/index.js';
import { refuseUnfinishedMove } from './db/move.js';
import { createAuth, type Auth } from './auth/index.js';
import { createMailer, type Mailer } from './mail/index.js';
import { memoryBroker, pgBroker, type Broker } from './live/broker.js';
import { dashboardPart } from './live/dashboardParts.js';
import {
  FeedCache,
  PEER_TIMING,
  pgFeedPeers,
  sqliteFeedWatch,
  type FeedPart,
  type PeerTiming,
} from './live/feedCache.js';
import { localStore, s3Store, type FileStore } from './files/store.js';
import { localStaging, s3Staging } from './files/staging.js';
import type { StagingStore } from './files/staging.js';
import { prepare, setup, type SetupResult } from './setup.js';
import { readActive } from './core/appStatus.js';
import { sweepFiles } from './core/files.js';
import { onChange } from './core/events.js';
import { pruneHistory } from './core/history.js';
import { endSessions } from './auth/register.js';
import { startDispatcher, type Dispatcher } from './webhooks/dispatcher.js';
import type { RetryPolicy } from './core/deliveryRetry.js';
import { pruneDeliveries } from './core/webhookOutbox.js';
import { backupPlaceOf, startBackups } from './db/backup.js';
import { startScheduler } from './core/schedule.js';
import { checkDescribedTables } from './db/describedTables.js';
import { describedSteps } from './db/migrate.js';
import { servedResources } from './resources.js';
import type { Kysely } from 'kysely';

const HOUR = 3600_000;
/** Stored images no product refers to are kept this long (an add or edit form may still be open). */
export const FILE_GRACE_MS = 24 * HOUR;
/** Finished webhook deliveries are shown this long, then pruned (the outbox gains a row per change and receiver). */
export const DELIVERY_KEEP_MS = 30 * 24 * HOUR;

/** Everything a running console holds, the same for the server and the CLI; tests reach in through it. */
export interface Services {
  config: Config;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  broker: Broker;
  /** "The dashboard's figures changed": a committed change they count (routes/dashboard.ts's event stream). */
  dashboardBroker: Broker;
  /** "Someone's sessions or roles changed": each open event stream checks its own session again (live/streams.ts). */
  sessionsBroker: Broker;
  store: FileStore;
  staging: StagingStore;
  /** The storefront's answers kept in memory, dropped by every change on every instance. */
  feed: FeedCache;
  /** What the first start made (the server only; the CLI never makes the first admin). */
  setup: SetupResult;
  /** The webhook outbox's dispatcher (running after startJobs): wake it when a test event is queued. */
  webhooks: { wake(): void };
  /** Starts the hourly jobs (the server only); returns a function that stops them. */
  startJobs(): () => void;
  /**
   * Stops the jobs (shutdown): webhook sends under way get `graceMs` to finish, then are cut and their deliveries
   * released for another instance at once. Without `graceMs`, sends run to their own timeout.
   */
  stopJobs(graceMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** The server makes the first admin on a first start; the CLI only migrates and seeds. */
  firstAdmin: boolean;
  log: { info(msg: string): void; warn(obj: object, msg: string): void };
  /** SQLite only: how often event streams re-read the status to hear changes made by another process; default 1 s. */
  statusPollMs?: number;
  /** Webhook delivery timing (tests shorten it): the retry schedule and how often the outbox is read. */
  webhooks?: { retry?: RetryPolicy; pollMs?: number };
  /**
   * PostgreSQL only: how often instances say they are alive and how long a change waits for their drops (tests shorten
   * it).
   */
  feedPeers?: PeerTiming;
  /** The scheduler's clock (tests set theirs); default the real one. */
  clock?: () => Date;
  /** A one-off command (the CLI), not an instance: on PostgreSQL no instance's changes wait for it. */
  oneOff?: boolean;
  /** The move to PostgreSQL making its target's schema: a move left unfinished is what it takes up (db/move.ts). */
  moving?: boolean;
  /** The server's terminal: an outbox mail's link is shown there too (server/main.ts). */
  announce?: (text: string) => void;
}

/** Opens the database, identity, mail, stores and live feed, and wires what follows each committed change. */
export async function createServices(config: Config, opts: ServiceOptions): Promise<Services> {
  const db = openDb(config, (err) =>
    opts.log.warn({ err }, 'an idle database connection was lost; the pool opens another'),
  );
  // A move from SQLite cut short leaves its mark: say so, rather than fail on the rows it copied (or serve half).
  if (db.pool && !opts.moving)
    await refuseUnfinishedMove(db.pool).catch(async (err: unknown) => {
      await db.close();
      throw err;
    });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log: (m) => opts.log.info(m),
    announce: opts.announce,
  });
  const auth = createAuth(config, db, mailer, (m) => opts.log.info(m));
  let setupResult: SetupResult = { createdAdmin: null };
  if (opts.firstAdmin)
    setupResult = await setup(db, auth, { email: config.adminEmail, password: config.adminPassword });
  else await prepare(db, auth);
  const broker = db.pool
    ? await pgBroker(db.pool, (err) => opts.log.warn({ err }, 'live feed connection lost'))
    : memoryBroker({ read: () => readActive(db.kysely), everyMs: opts.statusPollMs ?? 1000 });
  // The dashboard's: a committed change its figures count, told to every open dashboard (every instance, on PG).
  const dashboardBroker = db.pool
    ? await pgBroker(db.pool, (err) => opts.log.warn({ err }, 'dashboard feed connection lost'), 'dashboard')
    : memoryBroker(undefined, 'dashboard');
  // A person deactivated, their roles changed, their sessions ended: their open streams end (every instance, on PG).
  const sessionsBroker = db.pool
    ? await pgBroker(db.pool, (err) => opts.log.warn({ err }, 'sessions feed connection lost'), 'sessions')
    : memoryBroker(undefined, 'sessions');
  const store = config.s3 ? s3Store(config.s3) : localStore(join(config.dataDir, 'files'));
  // Made on first use: tus creates its folder in the background, which a short CLI command must not leave running.
  // With S3, uploads in progress live in the bucket (made now: it starts nothing in the background).
  let staging: StagingStore | null = config.s3 ? s3Staging(config.s3) : null;
  const stagingOnce = (): StagingStore => (staging ??= localStaging(config));

  // The storefront's kept answers: dropped by a change before the change is acknowledged, here and on every instance.
  const feed = new FeedCache();
  // A one-off command drops on every instance like one, but keeps no answers: no instance waits for it.
  const timing = { ...PEER_TIMING, ...opts.feedPeers, ...(opts.oneOff ? { peer: false } : {}) };
  // On SQLite, a commit by another process (the command line deactivating someone) makes the open streams ask again.
  const elsewhere = (): void => void sessionsBroker.publish().catch(() => undefined);
  feed.attach(
    db.pool ? await pgFeedPeers(db.pool, feed, opts.log, timing) : sqliteFeedWatch(db.sqlite!, feed, 1000, elsewhere),
  );
  onChange(db.kysely, async (changes) => {
    const parts = new Set<FeedPart>();
    for (const c of changes) {
      if (c.kind === 'product') parts.add('products');
      if (c.kind === 'language') parts.add('texts');
      if (c.kind === 'record') parts.add(`record:${c.resource}`);
    }
    await feed.drop([...parts]);
  });

  // What follows a committed change, whoever made it (a route, the CLI, a job).
  onChange(db.kysely, async (changes) => {
    // Every open console hears a new app status (on PostgreSQL every instance, through NOTIFY).
    if (changes.some((c) => c.kind === 'appStatus')) await broker.publish();
    // Every open dashboard reads its figures again (products, texts, records, accounts: all counted there).
    // It says which kinds of record changed, so each dashboard hears only of what its reader may read.
    const touched = new Set(changes.flatMap((c) => (c.kind === 'appStatus' ? [] : [dashboardPart(c)])));
    if (touched.size > 0) await dashboardBroker.publish(JSON.stringify([...touched]));
    // A deactivated user is signed out everywhere at once.
    for (const c of changes) if (c.kind === 'user' && c.deactivated) await endSessions(auth, c.id);
    if (changes.some((c) => c.kind === 'user')) await sessionsBroker.publish();
    // Every webhook receiver has its outbox row per change already, written in the change's own transaction
    // (core/commit.ts): the dispatcher (of whichever instance claims a row first) is told to look now.
    dispatcher?.wake();
  });
  let dispatcher: Dispatcher | null = null;

  const jobs = new Set<(graceMs?: number) => void>();
  let stopping: Promise<void> | undefined;
  const stopJobs = async (graceMs?: number): Promise<void> => {
    for (const stop of [...jobs]) stop(graceMs);
    await stopping;
  };
  return {
    config,
    db,
    auth,
    mailer,
    broker,
    dashboardBroker,
    sessionsBroker,
    store,
    feed,
    get staging() {
      return stagingOnce();
    },
    setup: setupResult,
    webhooks: { wake: () => dispatcher?.wake() },
    startJobs() {
      // Webhook deliveries: the outbox left from before a restart first, then each change as it is queued.
      dispatcher ??= startDispatcher(db.kysely, {
        ...opts.webhooks,
        allowPrivate: config.webhookAllowPrivate,
        log: opts.log,
      });
      // Hourly: expired unfinished uploads, stored images no product uses after a day's grace, and webhook deliveries
      // finished more than 30 days ago.
      const sweep = setInterval(() => {
        const pruned = pruneDeliveries(db.kysely, new Date(Date.now() - DELIVERY_KEEP_MS));
        void Promise.all([stagingOnce().deleteExpired(), sweepFiles(db.kysely, store, FILE_GRACE_MS), pruned]).catch(
          (err: unknown) => opts.log.warn({ err }, 'file sweep failed'),
        );
      }, HOUR);
      sweep.unref();
      // Daily, when HISTORY_KEEP_DAYS is set: history entries older than that go (kept forever otherwise).
      const keepDays = config.historyKeepDays;
      const pruneNow = () => {
        if (keepDays !== null)
          void pruneHistory(db.kysely, keepDays).catch((err: unknown) =>
            opts.log.warn({ err }, 'history prune failed'),
          );
      };
      // Once at start too, so a server restarted more often than daily still prunes.
      pruneNow();
      const prune = keepDays === null ? undefined : setInterval(pruneNow, 24 * HOUR);
      prune?.unref();
      // Every BACKUP_EVERY_HOURS, when set (SQLite only: config refuses it with DATABASE_URL): a consistent copy of the
      // database to DATA_DIR/backups or the bucket, the newest BACKUP_KEEP kept. One SQLite file means one instance.
      const { everyHours, keep } = config.backup;
      const stopBackups =
        everyHours > 0 && db.sqlite
          ? startBackups(db.sqlite, config.dataDir, backupPlaceOf(config), { everyHours, keep, log: opts.log })
          : null;
      // Every SCHEDULE_CHECK_SECONDS: the products' scheduled status changes and the described records' scheduled
      // changes that fell due, applied once across every instance (server/core/schedule.ts, scheduledChanges.ts).
      const stopScheduler = startScheduler(db.kysely, {
        everyMs: config.scheduleCheckSeconds * 1000,
        clock: opts.clock,
        described: servedResources,
        log: opts.log,
      });
      const stop = (graceMs?: number) => {
        clearInterval(sweep);
        clearInterval(prune);
        // A backup or a scheduler run under way finishes before the database closes.
        const backupDone = stopBackups?.();
        const scheduleDone = stopScheduler();
        const dispatcherDone = dispatcher?.stop(graceMs);
        stopping = Promise.all([backupDone, scheduleDone, dispatcherDone]).then(() => undefined);
        dispatcher = null;
        jobs.delete(stop);
      };
      jobs.add(stop);
      return stop;
    },
    stopJobs,
    async close() {
      // Sends under way finish (and record how they went) before the database closes; so do mails under way.
      await Promise.all([stopJobs(), mailer.settled()]);
      await feed.close();
      await broker.close();
      await dashboardBroker.close();
      await sessionsBroker.close();
      await db.close();
    },
  };
}

/**
 * Exactly the schema a first start makes on `config`'s database (the migrations, the described resources' tables among
 * them, the identity tables, the triggers), and no first admin: what `npm run cli -- move` prepares its PostgreSQL
 * target with.
 */
export async function firstStartSchema(config: Config): Promise<void> {
  const s = await createServices(config, {
    firstAdmin: false,
    oneOff: true,
    moving: true,
    log: { info: () => undefined, warn: () => undefined },
  });
  try {
    await checkDescribedTables(
      s.db.kysely as unknown as Kysely<unknown>,
      s.db.dialect,
      servedResources,
      describedSteps(),
    );
  } finally {
    await s.close();
  }
}
