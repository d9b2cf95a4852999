import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildOptions, type Services } from '../../../server/app.js';
import { loadConfig, type Config } from '../../../server/config.js';
import type { Dialect } from '../../../server/db/index.js';
import type { Database } from '../../../server/db/schema.js';
import { pgUrl } from './dialects.js';
import { request, type ApiOptions, type ApiResult } from './http.js';

/** The first admin every test app starts with (setup creates it from these). */
export const ADMIN = { email: 'admin@test.local', password: 'admin password 1' } as const;

/** Where a test console keeps its data: a temp DATA_DIR, plus a fresh PostgreSQL database on that dialect. */
export interface DataStore {
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | null;
  /** Removes the folder and drops the database (ending its connections first). */
  drop(): Promise<void>;
}

/** Makes a fresh, empty place for one console's data. */
export async function createData(dialect: Dialect): Promise<DataStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'));
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: null, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onPostgres((c) => c.query(`CREATE DATABASE ${name}`));
  return {
    dialect,
    dataDir,
    databaseUrl: pgUrl(name),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await onPostgres(async (c) => {
        await c.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        await c.query(`DROP DATABASE IF EXISTS ${name}`);
      });
    },
  };
}

async function onPostgres(fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const c = new pg.Client({ connectionString: pgUrl('postgres') });
  await c.connect();
  try {
    await fn(c);
  } finally {
    await c.end();
  }
}

/** A running console on 127.0.0.1 and what a test needs to reach into it. */
export interface TestApp {
  dialect: Dialect;
  /** Where the test calls it: http://127.0.0.1:PORT. */
  baseUrl: string;
  /** PUBLIC_URL as configured (the same as baseUrl unless the test set it). */
  publicUrl: string;
  config: Config;
  app: FastifyInstance;
  services: Services;
  db: Kysely<Database>;
  data: DataStore;
  /** One HTTP call; unsafe methods carry Origin: PUBLIC_URL, as a browser on the console would send. */
  api(method: string, path: string, opts?: ApiOptions): Promise<ApiResult>;
  /** Stops the app; drops the data too unless it was passed in. */
  close(): Promise<void>;
}

export interface StartOptions {
  dialect: Dialect;
  /** Environment for loadConfig; a value of undefined removes one of the defaults. */
  env?: Record<string, string | undefined>;
  /** Run on existing data (a second instance, or a restart); the caller drops it. */
  data?: DataStore;
  build?: Omit<BuildOptions, 'logger'>;
}

/** A free port on 127.0.0.1, so PUBLIC_URL can name the port before the app is built. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Builds server/app.ts on fresh (or given) data, listens on 127.0.0.1 with PUBLIC_URL naming that port. */
export async function startApp(opts: StartOptions): Promise<TestApp> {
  const data = opts.data ?? (await createData(opts.dialect));
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const env: Record<string, string | undefined> = {
        DATA_DIR: data.dataDir,
        DATABASE_URL: data.databaseUrl ?? undefined,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ...opts.env,
      };
      const config = loadConfig(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)));
      const { app, services } = await buildApp(config, { ...opts.build, logger: Boolean(process.env.TEST_LOG_LEVEL) });
      try {
        await app.listen({ port, host: '127.0.0.1' });
      } catch (err) {
        await app.close();
        // Another process took the port between the check and the listen: try another.
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5) continue;
        throw err;
      }
      const publicOrigin = new URL(config.publicUrl).origin;
      return {
        dialect: opts.dialect,
        baseUrl,
        publicUrl: config.publicUrl,
        config,
        app,
        services,
        db: services.db.kysely,
        data,
        api: (method, path, o = {}) => request(baseUrl, method, path, { origin: publicOrigin, ...o }),
        async close() {
          // A keep-alive socket a client library left open (seen with tus-js-client after a refused upload) would hold
          // the close until the keep-alive timeout: past a grace, every connection is ended.
          const force = setTimeout(() => app.server.closeAllConnections(), 2000);
          await app.close().finally(() => clearTimeout(force));
          if (!opts.data) await data.drop();
        },
      };
    }
  } catch (err) {
    if (!opts.data) await data.drop();
    throw err;
  }
}
