import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli as cliInProcess } from '../../server/cli.js';
import { loadConfig } from '../../server/config.js';
import { firstStartSchema } from '../../server/services.js';
import { MOVE_MARK, moveToPostgres } from '../../server/db/move.js';
import {
  ADMIN,
  createData,
  createUser,
  dialects,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
  type TestUser,
} from './helpers/index.js';
import { storedImage } from './helpers/images.js';
import { startBucket, type TestBucket } from './helpers/s3.js';
import { cookieHeader } from './helpers/http.js';
import { secretOf, totp } from '../fixtures/totp.js';
import { childEnv } from './helpers/process.js';

const root = resolve(import.meta.dirname, '..', '..');
const onPg = dialects().includes('postgres');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real CLI in its own process, as `npm run cli -- move …` runs it. */
function cli(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], {
    cwd: root,
    env: childEnv({ LOG_LEVEL: 'silent', ...env }),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** The same CLI called in this process. */
async function call(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cliInProcess(
    args,
    { LOG_LEVEL: 'silent', ...env },
    { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`) },
  );
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const fileHash = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

const tablesOf = async (url: string): Promise<string[]> =>
  (await query<{ t: string }>(url, `select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map(
    (r) => r.t,
  );

const base = { category: 'Linen', mc: 'Linen care', details: 'Washed linen', price: '349 SEK', active: true };

/** A SQLite console with users, a session, products in two languages, their history, a webhook and its deliveries. */
async function sqliteInstall(): Promise<{
  data: DataStore;
  editor: TestUser;
  cookie: string;
  admin: string;
  image: string;
  seen: Record<string, unknown>;
  twoFactor: { user: TestUser; secret: Buffer };
}> {
  const data = await createData('sqlite');
  const t = await startApp({ dialect: 'sqlite', data, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  try {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const editor = await createUser(t, 'editor', { firstName: 'Åsa', lastName: 'Lindqvist' });
    await createUser(t, 'inactive', { active: false });
    const cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    // A receiver that is down: its deliveries wait in the outbox, retrying.
    expect(
      (await t.api('POST', '/api/webhooks', { cookie: admin, body: { url: 'http://127.0.0.1:9/hook' } })).status,
    ).toBe(201);
    for (const [sku, name, se] of [
      ['MV-1', 'Table runner', { name: 'Löpare i linne', details: 'Tvättat linne' }],
      ['MV-2', 'Tea towel', { name: 'Kökshandduk' }],
      ['MV-3', 'Pillow case', null],
    ] as const) {
      const res = await t.api('POST', '/api/products', {
        cookie,
        body: { ...base, sku, name, images: [image], translations: se ? { se } : {} },
      });
      expect(res.status, res.text).toBe(201);
    }
    const first = (await t.api('GET', '/api/products?q=runner', { cookie })).json.items[0] as { id: string };
    expect(
      (
        await t.api('PATCH', `/api/products/${first.id}`, {
          cookie,
          body: { price: '399 SEK', active: false },
          headers: { 'if-match': '"1"' },
        })
      ).status,
    ).toBe(200);
    // A colleague with two-factor sign-in: the identity library's encrypted secret must arrive usable.
    const strict = await createUser(t, 'noRole');
    const strictCookie = await signIn(t, strict.email, strict.password);
    const started = await t.api('POST', '/api/auth/two-factor/enable', {
      cookie: strictCookie,
      body: { password: strict.password },
    });
    const secret = secretOf(started.json.totpURI);
    expect(
      (await t.api('POST', '/api/auth/two-factor/verify-totp', { cookie: strictCookie, body: { code: totp(secret) } }))
        .status,
    ).toBe(200);
    const seen = await answers(t, cookie, admin);
    return { data, editor, cookie, admin, image, seen, twoFactor: { user: strict, secret } };
  } finally {
    await t.close();
  }
}

/** What the console answers about the data, to compare before and after the move. */
async function answers(t: TestApp, cookie: string, admin: string): Promise<Record<string, unknown>> {
  const get = async (path: string, c = cookie) => {
    const res = await t.api('GET', path, { cookie: c });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.json;
  };
  return {
    me: await get('/api/me'),
    products: await get('/api/products'),
    search: await get('/api/products?q=löpare'),
    swedishMissing: await get('/api/products?missing=se'),
    history: await get('/api/history?limit=100', admin),
    webhooks: await get('/api/webhooks', admin),
    deliveries: ((await get('/api/webhook-deliveries', admin)) as { items: { id: string }[] }).items
      .map((d) => d.id)
      .sort(),
    users: await get('/api/users', admin),
  };
}

describe.skipIf(!onPg)('npm run cli -- move: a SQLite install into PostgreSQL', () => {
  let source: Awaited<ReturnType<typeof sqliteInstall>>;
  const targets: DataStore[] = [];
  const target = async (): Promise<DataStore> => {
    const d = await createData('postgres');
    targets.push(d);
    return d;
  };
  beforeAll(async () => {
    source = await sqliteInstall();
  });
  afterAll(async () => {
    await Promise.all(targets.map((d) => d.drop()));
    await source?.data.drop();
  });

  it(
    'copies every table, checks them, leaves the source as it was; ' +
      'the console on PostgreSQL answers the same and the session still signs in',
    async () => {
      const sqlite = join(source.data.dataDir, 'console.sqlite');
      const before = fileHash(sqlite);
      const to = await target();
      const run = await cli({ DATA_DIR: source.data.dataDir }, 'move', '--to', to.databaseUrl!, '--batch', '2');
      expect(run.stderr).not.toMatch(/Error/);
      expect(run.code, run.stderr).toBe(0);
      // A progress line per table on stderr (not a terminal: each table's last line at least). Numbers are grouped as
      // the command line writes them ('1,372 rows/s' on a fast table).
      for (const table of ['users', 'products', 'history', 'auth_session', 'webhook_deliveries']) {
        expect(run.stderr).toMatch(new RegExp(`^${table} +[\\d,]+ / [\\d,]+ rows +[\\d,]+ rows/s +done$`, 'm'));
      }
      expect(run.stdout).toMatch(
        /^Moved \d+ tables \(\d+ rows\) into .* every table's row count and checksum match:$/m,
      );
      expect(run.stdout).toMatch(/^ {2}products +3 rows +sha256 [0-9a-f]{16}$/m);
      expect(run.stdout).toContain(`DATABASE_URL=${to.databaseUrl}`);
      expect(run.stdout).toContain(`AUTH_SECRET=<the text of ${join(source.data.dataDir, 'auth-secret')}>`);
      expect(fileHash(sqlite)).toBe(before);
      // The mark of a move under way is gone; SQLite's full-text tables were not copied.
      const tables = await tablesOf(to.databaseUrl!);
      expect(tables).not.toContain(MOVE_MARK);
      expect(tables.filter((n) => n.includes('fts'))).toEqual([]);

      // The console on PostgreSQL, same DATA_DIR (its auth secret): the same answers, the same cookie signed in.
      const t = await startApp({
        dialect: 'postgres',
        data: { ...to, dataDir: source.data.dataDir },
        env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      });
      try {
        // The admin's copied session, not a new sign-in (which Activity would record, and the answers would differ by
        // it).
        expect(await answers(t, source.cookie, source.admin)).toEqual(source.seen);
        expect((source.seen.search as { items: unknown[] }).items).toHaveLength(1);
        // Booleans and times in the identity library's tables arrived as PostgreSQL's own types.
        const [u] = await query<{ emailVerified: boolean; createdAt: Date }>(
          to.databaseUrl!,
          `select "emailVerified", "createdAt" from auth_user where email = '${source.editor.email}'`,
        );
        expect(typeof u!.emailVerified).toBe('boolean');
        expect(u!.createdAt).toBeInstanceOf(Date);
        // Two-factor sign-in still asks for, and takes, the app's code.
        const { user: strict, secret } = source.twoFactor;
        const pending = await t.api('POST', '/api/auth/sign-in/email', {
          body: { email: strict.email, password: strict.password },
        });
        expect(pending.json).toMatchObject({ twoFactorRedirect: true });
        // The code after the one that turned it on (the last step used moved with the data: each is taken once).
        const coded = await t.api('POST', '/api/auth/two-factor/verify-totp', {
          cookie: cookieHeader(pending.headers),
          body: { code: totp(secret, Date.now(), 1) },
        });
        expect(coded.status, coded.text).toBe(200);
        // The password still signs in; a new change gets the next history number (the sequence was set past the copy).
        await signIn(t, source.editor.email, source.editor.password);
        const made = await t.api('POST', '/api/products', {
          cookie: source.cookie,
          body: { ...base, sku: 'MV-4', name: 'Napkin', images: [source.image] },
        });
        expect(made.status, made.text).toBe(201);
        const seqs = (await query<{ seq: string }>(to.databaseUrl!, 'select seq from history order by seq')).map((r) =>
          Number(r.seq),
        );
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(seqs.at(-1)).toBeGreaterThan(Math.max(...seqs.slice(0, -1)));
        // Search works on PostgreSQL's own index, the Swedish name included.
        expect(
          ((await t.api('GET', '/api/products?q=napk', { cookie: source.cookie })).json.items as { sku: string }[]).map(
            (p) => p.sku,
          ),
        ).toEqual(['MV-4']);
        expect(
          (
            (await t.api('GET', '/api/products?q=kökshand', { cookie: source.cookie })).json.items as { sku: string }[]
          ).map((p) => p.sku),
        ).toEqual(['MV-2']);
      } finally {
        await t.close();
      }
      // A database the move has finished in is not empty: a second move is refused.
      const again = await call({ DATA_DIR: source.data.dataDir }, 'move', '--to', to.databaseUrl!);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^Error: The PostgreSQL database is not empty \(public\./);
    },
  );

  it('refuses a database that holds anything, and writes nothing to it', async () => {
    const to = await target();
    await query(to.databaseUrl!, 'create table shop_notes (id int primary key)');
    const run = await call({ DATA_DIR: source.data.dataDir }, 'move', '--to', to.databaseUrl!);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'Error: The PostgreSQL database is not empty (public.shop_notes): ' +
        'move into a new, empty database. Nothing was written.\n',
    );
    expect(await tablesOf(to.databaseUrl!)).toEqual(['shop_notes']);
  });

  it('refuses bad usage and a console already on PostgreSQL, before opening anything', async () => {
    expect((await call({ DATA_DIR: source.data.dataDir }, 'move')).stderr).toMatch(/^Error: --to is required\./);
    expect((await call({ DATA_DIR: source.data.dataDir }, 'move', '--to', 'mysql://x/y')).code).toBe(2);
    expect(
      (await call({ DATA_DIR: source.data.dataDir }, 'move', '--to', 'postgres://x/y', '--files', 'gcs')).stderr,
    ).toMatch(/--files takes s3/);
    const onPgAlready = await call(
      { DATA_DIR: source.data.dataDir, DATABASE_URL: 'postgres://127.0.0.1/x' },
      'move',
      '--to',
      'postgres://127.0.0.1/y',
    );
    expect(onPgAlready.code).toBe(1);
    expect(onPgAlready.stderr).toMatch(/DATABASE_URL is set/);
    const noBucket = await call(
      { DATA_DIR: source.data.dataDir },
      'move',
      '--to',
      'postgres://127.0.0.1/y',
      '--files',
      's3',
    );
    expect(noBucket.code).toBe(2);
    expect(noBucket.stderr).toMatch(/--files s3 needs the bucket configured/);
    // A wrong DATA_DIR: refused, and no folder made there.
    const nowhere = join(tmpdir(), `no-console-${process.pid}`);
    const missing = await call({ DATA_DIR: nowhere }, 'move', '--to', 'postgres://127.0.0.1/y');
    expect(missing.stderr).toBe(
      `Error: There is no SQLite database at ${join(nowhere, 'console.sqlite')}: ` +
        `set DATA_DIR to the console's data folder.\n`,
    );
    expect(existsSync(nowhere)).toBe(false);
    const help = await cli({}, 'move', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run cli -- move --to postgres:\/\//);
    expect(help.stdout).toContain('never changed');
  });

  it("refuses a source whose migrations are not this version's, before writing to the target", async () => {
    const copy = mkdtempSync(join(tmpdir(), 'console-behind-'));
    try {
      cpSync(source.data.dataDir, copy, { recursive: true });
      const db = new SQLite(join(copy, 'console.sqlite'));
      db.prepare(`delete from schema_migrations where name = '008_product_translations'`).run();
      db.close();
      const to = await target();
      const run = await call({ DATA_DIR: copy }, 'move', '--to', to.databaseUrl!);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'Error: The SQLite database is not up to date (008_product_translations not run): ' +
          'start the console once on it with this version, stop it, then move.\n',
      );
      expect(await tablesOf(to.databaseUrl!)).toEqual([]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it(
    'is taken up again after a failure mid-copy: the failed table rolled back, ' +
      'every table copied anew, nothing twice',
    async () => {
      const to = await target();
      const sqlite = join(source.data.dataDir, 'console.sqlite');
      const before = fileHash(sqlite);
      const config = loadConfig({ DATA_DIR: source.data.dataDir, DATABASE_URL: to.databaseUrl!, LOG_LEVEL: 'silent' });
      const failed = moveToPostgres({
        sqlitePath: sqlite,
        targetUrl: to.databaseUrl!,
        batchRows: 1,
        failAt: { table: 'products', rows: 2 },
        prepareTarget: () => firstStartSchema(config),
      });
      await expect(failed).rejects.toThrow('stopped on purpose in products after 2 rows');
      // What the failed run left: its mark, the tables before products (auth_user, …) copied, products empty (its
      // transaction undone).
      expect(await tablesOf(to.databaseUrl!)).toContain(MOVE_MARK);
      expect(await query(to.databaseUrl!, 'select id from products')).toEqual([]);
      expect((await query(to.databaseUrl!, 'select id from auth_user')).length).toBeGreaterThan(0);
      // A console started on it meanwhile says the move is unfinished, rather than failing on the rows half there.
      const early = mkdtempSync(join(tmpdir(), 'console-early-'));
      try {
        await expect(startApp({ dialect: 'postgres', data: { ...to, dataDir: early } })).rejects.toThrow(
          new RegExp(
            '^This PostgreSQL database holds a move from SQLite that did not finish ' +
              '\\(from .*console\\.sqlite, begun 20.*\\): run the move again',
          ),
        );
      } finally {
        rmSync(early, { recursive: true, force: true });
      }

      const run = await call({ DATA_DIR: source.data.dataDir }, 'move', '--to', to.databaseUrl!);
      expect(run.stderr).not.toMatch(/Error/);
      expect(run.code, run.stderr).toBe(0);
      expect(await tablesOf(to.databaseUrl!)).not.toContain(MOVE_MARK);
      const [{ n }] = (await query<{ n: string }>(to.databaseUrl!, 'select count(*)::text as n from products')) as [
        { n: string },
      ];
      expect(n).toBe('3');
      expect(fileHash(sqlite)).toBe(before);
    },
  );
});

describe.skipIf(!onPg)('npm run cli -- move --files s3', () => {
  let bucket: TestBucket;
  let source: DataStore;
  let to: DataStore;
  let s3Env: Record<string, string>;
  beforeAll(async () => {
    bucket = await startBucket('console-move');
    s3Env = bucket.env;
    source = await createData('sqlite');
    to = await createData('postgres');
  });
  afterAll(async () => {
    await to?.drop();
    await source?.drop();
    await bucket?.close();
  });

  it(
    'copies every file of the local store to the bucket, checked, ' +
      'and the console on PostgreSQL and S3 serves them',
    async () => {
      const t = await startApp({ dialect: 'sqlite', data: source });
      let image: string;
      try {
        const editor = await createUser(t, 'editor');
        image = await storedImage(t, editor.uid);
        await storedImage(t, editor.uid, 'second.png');
      } finally {
        await t.close();
      }
      // Another size made beside an image (any file in the folder is the store's), in a folder of its own too.
      const files = join(source.dataDir, 'files');
      writeFileSync(
        join(files, 'Uploads', `${image.replace('/files/Uploads/', '')}.w640.webp`),
        Buffer.from('a webp size'),
      );
      mkdirSync(join(files, 'Sizes', 'a'), { recursive: true });
      writeFileSync(join(files, 'Sizes', 'a', 'b.webp'), Buffer.from('nested'));
      const local = (await import('../../server/files/copyToS3.js')).localKeys;
      const keys = await local(files);
      expect(keys.length).toBe(6);

      const run = await cli({ DATA_DIR: source.dataDir, ...s3Env }, 'move', '--to', to.databaseUrl!, '--files', 's3');
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^files +6 \/ 6 files .* done, each checked$/m);
      expect(run.stdout).toMatch(
        /^Copied 6 files \(\d+ MB\) to the bucket console-move; each one's SHA-256 checked after upload\.$/m,
      );
      expect(await bucket.keys()).toEqual(keys);

      const onS3 = await startApp({
        dialect: 'postgres',
        data: { ...to, dataDir: mkdtempSync(join(tmpdir(), 'moved-')) },
        env: s3Env,
      });
      try {
        for (const address of [image!, `${image!}.thumb.webp`]) {
          const served = await fetch(`${onS3.baseUrl}${address}`);
          expect(served.status).toBe(200);
          expect(
            Buffer.from(await served.arrayBuffer()).equals(
              readFileSync(join(files, ...address.replace('/files/', '').split('/'))),
            ),
          ).toBe(true);
        }
      } finally {
        await onS3.close();
        rmSync(onS3.data.dataDir, { recursive: true, force: true });
      }
    },
  );
});
