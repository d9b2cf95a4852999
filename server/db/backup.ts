import { createReadStream, existsSync, fsyncSync, openSync, closeSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { s3Client, type S3Settings } from '../files/store.js';
import { ownerOnly } from './index.js';
import { migrations } from './migrate.js';

/**
 * Backups of the SQLite database: consistent copies made with SQLite's online backup API (the server keeps
 * answering), named by their time, to DATA_DIR/backups or to the bucket under backups/; the newest `keep` are kept.
 * And the restore, with the console stopped. PostgreSQL has its own tools (pg_dump, pg_restore: README).
 */

const NAME = /^console-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d{3})?Z)\.sqlite$/;
const HOUR = 3600_000;

/** A backup's file name: its time, sortable as text (console-2026-11-24T15-30-00-000Z.sqlite). */
export const backupName = (at: Date): string =>
  `console-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.sqlite`;

/** The time a backup's name holds, or null for a name that is not a backup's. */
export function backupTime(name: string): Date | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const [d, t] = m[1]!.split('T') as [string, string];
  const [hh, mm, ss, ms = '000'] = t.replace('Z', '').split('-');
  return new Date(`${d}T${hh}:${mm}:${ss}.${ms}Z`);
}

/** Where backups go: a folder, or a bucket (under backups/). */
export interface BackupPlace {
  /** Where a backup is, for the log and the CLI. */
  describe(name: string): string;
  /** Stores the finished copy at `file` under `name`; the file is the place's to move or remove. */
  store(file: string, name: string): Promise<void>;
  /** The backups there, by name (other files are not counted, nor ever removed). */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

/** DATA_DIR/backups (made readable by its owner only: the copies hold password hashes and sessions). */
export function folderPlace(dir: string): BackupPlace {
  return {
    describe: (name) => join(dir, name),
    async store(file, name) {
      // The copy was written beside, under a name no listing counts; renamed whole, so a backup is there complete or
      // not at all.
      await rename(file, join(dir, name));
    },
    async list() {
      if (!existsSync(dir)) return [];
      return (await readdir(dir)).filter((n) => NAME.test(n));
    },
    remove: (name) => rm(join(dir, name), { force: true }),
  };
}

/** The bucket, under backups/. */
export function bucketPlace(s3: S3Settings): BackupPlace {
  const client = s3Client(s3);
  const sdk = () => import('@aws-sdk/client-s3');
  return {
    describe: (name) => `s3://${s3.bucket}/backups/${name}`,
    async store(file, name) {
      const { PutObjectCommand } = await sdk();
      const { size } = await stat(file);
      try {
        await (
          await client
        ).send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: `backups/${name}`,
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: 'application/vnd.sqlite3',
          }),
        );
      } finally {
        await rm(file, { force: true });
      }
    },
    async list() {
      const { ListObjectsV2Command } = await sdk();
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await (
          await client
        ).send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'backups/', ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const name = o.Key!.slice('backups/'.length);
          if (NAME.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names;
    },
    async remove(name) {
      const { DeleteObjectCommand } = await sdk();
      await (await client).send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `backups/${name}` }));
    },
  };
}

/** The place a console's backups go: the bucket when S3 is configured, else DATA_DIR/backups. */
export const backupPlaceOf = (config: { dataDir: string; s3: S3Settings | null }): BackupPlace =>
  config.s3 ? bucketPlace(config.s3) : folderPlace(join(config.dataDir, 'backups'));

/**
 * Makes one backup now: a consistent copy by the online backup API into DATA_DIR/backups (a name no listing counts),
 * stored at the place, then every backup there but the newest `keep` removed. Returns the name and what was removed.
 */
export async function backupNow(
  sqlite: SQLite.Database,
  dataDir: string,
  place: BackupPlace,
  keep: number,
  at = new Date(),
): Promise<{ name: string; removed: string[] }> {
  const dir = join(dataDir, 'backups');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = backupName(at);
  const partial = join(dir, `.${name}.partial`);
  ownerOnly(partial);
  try {
    await sqlite.backup(partial);
    ownerOnly(partial);
    await place.store(partial, name);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
  const all = (await place.list()).sort();
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const old of removed) await place.remove(old);
  return { name, removed };
}

/** How long until the next backup is due: at once when there is none or the newest is older than the period. */
export function nextBackupDelay(newest: Date | null, everyHours: number, now = new Date()): number {
  if (!newest) return 0;
  return Math.max(0, newest.getTime() + everyHours * HOUR - now.getTime());
}

/**
 * Backs up every `everyHours` hours, counted from the newest backup there (so a server restarted more often than that
 * still backs up). The timer does not keep the process alive. Returns a function that stops it and waits for a
 * backup under way.
 */
export function startBackups(
  sqlite: SQLite.Database,
  dataDir: string,
  place: BackupPlace,
  opts: { everyHours: number; keep: number; log: { info(msg: string): void; warn(obj: object, msg: string): void } },
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const schedule = (ms: number): void => {
    if (stopped) return;
    // setTimeout takes at most 2^31-1 ms (24.8 days); a longer wait is taken in steps.
    timer = setTimeout(() => void (running = run()), Math.min(ms, 2 ** 31 - 1));
    timer.unref();
  };
  const due = async (): Promise<number> => {
    const times = (await place.list()).map(backupTime).filter((t): t is Date => t !== null);
    const newest = times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
    return nextBackupDelay(newest, opts.everyHours);
  };
  const run = async (): Promise<void> => {
    try {
      const wait = await due();
      if (wait > 0) return schedule(wait);
      if (stopped) return;
      const { name, removed } = await backupNow(sqlite, dataDir, place, opts.keep);
      opts.log.info(
        `backup written: ${place.describe(name)}${removed.length ? ` (removed ${removed.length} older)` : ''}`,
      );
      schedule(opts.everyHours * HOUR);
    } catch (err) {
      if (stopped) return;
      opts.log.warn({ err }, 'backup failed; trying again in an hour');
      schedule(HOUR);
    }
  };
  schedule(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

/** A restore refused before anything changed: exit code 1, a clear message. */
export class RestoreRefused extends Error {}

/**
 * Puts the backup `file` in place of DATA_DIR/console.sqlite, with the console stopped. Checked first: the file is a
 * sound SQLite database of this console, from this version or an older one (the server migrates it on start); the
 * live database is open in no other process (SQLite refuses to leave WAL mode while another connection has it open,
 * which is the test). The copy is made beside the live file and renamed over it; the replaced file is kept as
 * console.sqlite.before-restore-<time>. Returns where that is.
 */
export async function restoreSqlite(
  file: string,
  dataDir: string,
  at = new Date(),
): Promise<{ replaced: string | null }> {
  let backup: SQLite.Database;
  try {
    backup = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new RestoreRefused(`Cannot open ${file}: ${(err as Error).message}.`);
  }
  const live = join(dataDir, 'console.sqlite');
  const restoring = `${live}.restoring`;
  let current: SQLite.Database | null = null;
  try {
    let ran: string[];
    try {
      const check = backup.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`its integrity check says: ${String(check)}`);
      ran = (backup.prepare('select name from schema_migrations').all() as { name: string }[]).map((r) => r.name);
    } catch (err) {
      throw new RestoreRefused(`${file} is not a backup of this console: ${(err as Error).message}.`);
    }
    const unknown = ran.filter((m) => !(m in migrations));
    if (unknown.length)
      throw new RestoreRefused(
        `${file} comes from a newer version of the console ` +
          `(migrations ${unknown.join(', ')}): restore it with that version.`,
      );
    if (existsSync(live)) {
      current = new SQLite(live, { timeout: 0 });
      let mode: unknown;
      try {
        // Leaving WAL mode needs the database to itself: a running console (or a command using it) has it open.
        mode = current.pragma('journal_mode = delete', { simple: true });
      } catch {
        mode = 'busy';
      }
      if (mode !== 'delete') {
        throw new RestoreRefused(
          `The console's database (${live}) is open in another process: stop the ` +
            `console (and any command using it), then restore. Nothing was changed.`,
        );
      }
      // Held until the rename, so nothing opens the old file in between.
      current.pragma('locking_mode = exclusive');
      current.exec('begin exclusive');
    }
    // Through the backup API, so a backup still in WAL mode (its -wal beside it) comes whole; beside the live file,
    // then renamed over it: the database is the old one or the restored one, never half of each.
    await rm(restoring, { force: true });
    ownerOnly(restoring);
    await backup.backup(restoring);
    ownerOnly(restoring);
    const fd = openSync(restoring, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    let replaced: string | null = null;
    if (current) {
      replaced = `${live}.before-restore-${at.toISOString().replace(/[:.]/g, '-')}`;
      await rename(live, replaced);
    }
    await rename(restoring, live);
    // No journal of the old file may be read with the new one (none is left after leaving WAL mode; made sure).
    for (const suffix of ['-wal', '-shm', '-journal']) await rm(`${live}${suffix}`, { force: true });
    return { replaced };
  } catch (err) {
    await rm(restoring, { force: true });
    throw err;
  } finally {
    backup.close();
    if (current?.inTransaction) current.exec('rollback');
    current?.close();
  }
}
