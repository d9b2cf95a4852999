import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../server/cli.js';
import { backupName, backupNow, backupTime, folderPlace, nextBackupDelay } from '../../server/db/backup.js';
import { ADMIN, createData, dialects, signIn, startApp, type DataStore } from './helpers/index.js';
import { storedImage } from './helpers/images.js';
import { startBucket, type TestBucket } from './helpers/s3.js';
import { childEnv } from './helpers/process.js';

/** The CLI in this process: exit code and what it printed. */
async function call(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cli(args, { LOG_LEVEL: 'silent', ...env }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The real CLI in its own process (npm run cli), for the refusal that depends on another process holding the file. */
function spawned(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number | null; err: string }> {
  const root = join(import.meta.dirname, '..', '..');
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], {
    cwd: root,
    env: childEnv({ LOG_LEVEL: 'silent', ...env }),
  });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, err: err.trim() })));
}

/** Waits for a condition the server reaches on its own (a backup written at start), up to 20 s. */
async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

const envOf = (data: DataStore, more: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  DATA_DIR: data.dataDir,
  ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
  ...more,
});
const backupsIn = (data: DataStore): string[] => {
  try {
    return readdirSync(join(data.dataDir, 'backups'))
      .filter((n) => n.endsWith('.sqlite'))
      .sort();
  } catch {
    return [];
  }
};
const base = { category: 'Linen', mc: 'Linen care', details: 'Washed linen', price: '349 SEK', active: true };

describe('backup names and the schedule', () => {
  it('names a backup by its time, sortable as text, and reads the time back', () => {
    const at = new Date('2026-11-24T09:05:03.007Z');
    expect(backupName(at)).toBe('console-2026-11-24T09-05-03-007Z.sqlite');
    expect(backupTime(backupName(at))).toEqual(at);
    expect(backupTime('console.sqlite')).toBeNull();
    expect(backupTime('.console-2026-11-24T09-05-03-007Z.sqlite.partial')).toBeNull();
    expect(backupName(new Date('2026-11-24T10:00:00Z')) > backupName(at)).toBe(true);
  });

  it('is due at once with no backup or an old one, else when the newest is BACKUP_EVERY_HOURS old', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(nextBackupDelay(null, 6, now)).toBe(0);
    expect(nextBackupDelay(new Date('2026-11-24T05:00:00Z'), 6, now)).toBe(0);
    expect(nextBackupDelay(new Date('2026-11-24T10:00:00Z'), 6, now)).toBe(4 * 3600_000);
  });
});

describe.each(dialects())('backups and restore (%s)', (dialect) => {
  if (dialect === 'postgres') {
    it('says to use pg_dump and pg_restore, and refuses a schedule', async () => {
      const data = await createData('postgres');
      try {
        const b = await call(envOf(data), 'backup');
        expect(b.code).toBe(1);
        expect(b.err).toMatch(/back it up with pg_dump/);
        const r = await call(envOf(data), 'restore', join(data.dataDir, 'x.sqlite'));
        expect(r.code).toBe(1);
        expect(r.err).toBe(
          'Error: This console runs on PostgreSQL (DATABASE_URL is set): restore with pg_restore (README, "Backups").',
        );
        const s = await call(envOf(data, { BACKUP_EVERY_HOURS: '1' }), 'backup');
        expect(s.code).toBe(1);
        expect(s.err).toMatch(
          /^Configuration is not valid:\n {2}BACKUP_EVERY_HOURS: backs up the SQLite database only/,
        );
      } finally {
        await data.drop();
      }
    });
    return;
  }

  let data: DataStore;
  beforeAll(async () => {
    data = await createData('sqlite');
  });
  afterAll(async () => data?.drop());

  it('backs up on its own when due (at start, with none yet) and keeps the newest BACKUP_KEEP', async () => {
    const t = await startApp({ dialect, data, env: { BACKUP_EVERY_HOURS: '1', BACKUP_KEEP: '2' } });
    try {
      await until('the first scheduled backup', () => backupsIn(data).length === 1);
      const [first] = backupsIn(data);
      // Readable by its owner only; a sound copy holding the first admin.
      expect((statSync(join(data.dataDir, 'backups', first!)).mode & 0o777).toString(8)).toBe('600');
      const copy = new SQLite(join(data.dataDir, 'backups', first!), { readonly: true });
      expect(copy.prepare('select email from users').all()).toEqual([{ email: ADMIN.email }]);
      copy.close();
      // Two more, later: only the newest two are kept; nothing half-written is left.
      const place = folderPlace(join(data.dataDir, 'backups'));
      const later = (h: number) => new Date(backupTime(first!)!.getTime() + h * 3600_000);
      await backupNow(t.services.db.sqlite!, data.dataDir, place, 2, later(1));
      const { removed } = await backupNow(t.services.db.sqlite!, data.dataDir, place, 2, later(2));
      expect(removed).toEqual([first]);
      expect(backupsIn(data)).toEqual([backupName(later(1)), backupName(later(2))]);
      expect(readdirSync(join(data.dataDir, 'backups')).filter((n) => n.includes('partial'))).toEqual([]);
      // The CLI's backup without a FILE goes to the same place, under the same rule.
      const now = await call(envOf(data, { BACKUP_KEEP: '2' }), 'backup');
      expect(now.code, now.err).toBe(0);
      expect(now.out).toMatch(
        new RegExp(
          `^Database copied to ${join(data.dataDir, 'backups')}/console-[\\dT-]+Z\\.sqlite; ` +
            `removed 1 older \\(BACKUP_KEEP=2\\)\\.$`,
        ),
      );
    } finally {
      await t.close();
    }
  });

  it(
    'restores a backup round trip: refused while the console runs, ' +
      'then the data as it was and the session signed in',
    async () => {
      const t = await startApp({ dialect, data });
      const file = join(data.dataDir, 'before.sqlite');
      let cookie: string;
      try {
        cookie = await signIn(t, ADMIN.email, ADMIN.password);
        const image = await storedImage(t, (await t.api('GET', '/api/me', { cookie })).json.uid as string);
        const made = await t.api('POST', '/api/products', {
          cookie,
          body: { ...base, sku: 'RT-1', name: 'Table runner', images: [image] },
        });
        expect(made.status, made.text).toBe(201);
        expect((await call(envOf(data), 'backup', file)).code).toBe(0);
        // Changes after the backup.
        expect(
          (
            await t.api('PATCH', `/api/products/${made.json.id}`, {
              cookie,
              body: { name: 'Renamed runner' },
              headers: { 'if-match': '"1"' },
            })
          ).status,
        ).toBe(200);
        expect(
          (
            await t.api('POST', '/api/products', {
              cookie,
              body: { ...base, sku: 'RT-2', name: 'Napkin', images: [image] },
            })
          ).status,
        ).toBe(201);

        const live = join(data.dataDir, 'console.sqlite');
        // From another process, as an operator would run it beside the running server.
        const refused = await spawned(envOf(data), 'restore', file);
        expect(refused.code).toBe(1);
        expect(refused.err).toBe(
          `Error: The console's database (${live}) is open in another process: stop ` +
            `the console (and any command using it), then restore. Nothing was changed.`,
        );
        expect(
          ((await t.api('GET', '/api/products', { cookie })).json.items as { sku: string }[]).map((p) => p.sku).sort(),
        ).toEqual(['RT-1', 'RT-2']);
      } finally {
        await t.close();
      }

      const restored = await call(envOf(data), 'restore', file);
      expect(restored.code, restored.err).toBe(0);
      expect(restored.out).toMatch(
        new RegExp(
          `^Restored ${file} into ${join(data.dataDir, 'console.sqlite')}\\.\\nThe database it replaced is ` +
            `kept as ${join(data.dataDir, 'console.sqlite')}\\.before-restore-[\\dTZ-]+\\.\\nStart the console\\.$`,
        ),
      );
      const kept = readdirSync(data.dataDir).filter((n) => n.startsWith('console.sqlite.before-restore-'));
      expect(kept).toHaveLength(1);
      expect(readdirSync(data.dataDir).filter((n) => n.endsWith('.restoring'))).toEqual([]);
      expect((statSync(join(data.dataDir, 'console.sqlite')).mode & 0o777).toString(8)).toBe('600');

      const again = await startApp({ dialect, data });
      try {
        const items = (await again.api('GET', '/api/products', { cookie: cookie! })).json.items as {
          sku: string;
          name: string;
        }[];
        expect(items.map((p) => [p.sku, p.name])).toEqual([['RT-1', 'Table runner']]);
      } finally {
        await again.close();
      }
    },
  );

  it('refuses what is not a backup of this console, and changes nothing', async () => {
    const live = join(data.dataDir, 'console.sqlite');
    const hash = () => createHash('sha256').update(readFileSync(live)).digest('hex');
    const before = hash();
    const junk = join(data.dataDir, 'junk.sqlite');
    writeFileSync(junk, 'not a database at all, just some text '.repeat(200));
    const r1 = await call(envOf(data), 'restore', junk);
    expect(r1.code).toBe(1);
    expect(r1.err).toMatch(new RegExp(`^Error: ${junk} is not a backup of this console: file is not a database\\.$`));
    const other = join(data.dataDir, 'other.sqlite');
    const db = new SQLite(other);
    db.exec('create table notes (x)');
    db.close();
    const r2 = await call(envOf(data), 'restore', other);
    expect(r2.err).toBe(`Error: ${other} is not a backup of this console: no such table: schema_migrations.`);
    const r3 = await call(envOf(data), 'restore', join(data.dataDir, 'missing.sqlite'));
    expect(r3.code).toBe(1);
    expect(r3.err).toMatch(/^Error: Cannot open .*missing\.sqlite/);
    expect((await call(envOf(data), 'restore')).code).toBe(2);
    expect(hash()).toBe(before);
    expect(readdirSync(data.dataDir).filter((n) => n.endsWith('.restoring'))).toEqual([]);
  });
});

describe('scheduled backups to the bucket (s3rver)', () => {
  let bucket: TestBucket;
  let data: DataStore;
  let env: Record<string, string>;
  beforeAll(async () => {
    bucket = await startBucket('console-backups');
    env = bucket.env;
    data = await createData('sqlite');
  });
  afterAll(async () => {
    await data?.drop();
    await bucket?.close();
  });

  it(
    'writes them under backups/ in the bucket, keeps the newest BACKUP_KEEP, ' + 'and leaves no copy in DATA_DIR',
    async () => {
      const keys = () => bucket.keys('backups/');
      const t = await startApp({
        dialect: 'sqlite',
        data,
        env: { ...env, BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '1' },
      });
      try {
        await until('the first scheduled backup in the bucket', async () => (await keys()).length === 1);
        const [first] = await keys();
        expect(first).toMatch(/^backups\/console-[\dT-]+Z\.sqlite$/);
        const now = await call({ DATA_DIR: data.dataDir, ...env, BACKUP_KEEP: '1' }, 'backup');
        expect(now.code, now.err).toBe(0);
        expect(now.out).toMatch(
          new RegExp(
            '^Database copied to s3://console-backups/backups/console-[\\dT-]+Z\\.sqlite; ' +
              'removed 1 older \\(BACKUP_KEEP=1\\)\\.$',
          ),
        );
        const after = await keys();
        expect(after).toHaveLength(1);
        expect(after[0]! > first!).toBe(true);
        expect(backupsIn(data)).toEqual([]);
      } finally {
        await t.close();
      }
    },
  );
});
