import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import type { Services } from './services.js';
import { textOf } from '../domain/translate.js';

// The database and identity modules load only once a command runs, so --help and usage errors answer at once.

/** A mistake in how the CLI was called: shown with a pointer to --help, exit code 2. */
class UsageError extends Error {}

/** What a command works with: the same services the server builds (services.ts). */
type Ctx = Services;

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command<Input = unknown> {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  positionals: number;
  /** Checks the arguments before anything is opened; throws UsageError. */
  check(values: Values, positionals: string[]): Input;
  /** Runs with the console's services opened (migrations run, as the server would). */
  run?(input: Input, ctx: Ctx, io: Io): Promise<string>;
  /** Runs without them, for commands that must not open the configured database as the server would (move, restore). */
  runAlone?(input: Input, env: NodeJS.ProcessEnv, io: Io): Promise<string>;
}

/** Where the CLI writes; tests pass their own. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
  /** A progress line (stderr); `final` ends a table's. Without it, progress goes to err line by line. */
  progress?(line: string, final: boolean): void;
}

/** Progress on stderr: rewritten in place on a terminal, else a line every 5 s and each table's last. */
function stderrProgress(): (line: string, final: boolean) => void {
  let last = 0;
  return (line, final) => {
    if (process.stderr.isTTY) {
      process.stderr.write(`\r\x1b[K${line}${final ? '\n' : ''}`);
      return;
    }
    if (!final && performance.now() - last < 5000) return;
    last = performance.now();
    process.stderr.write(`${line}\n`);
  };
}

/** Seconds as '1h 02m', '3m 05s' or '42s'. */
function duration(s: number): string {
  const t = Math.max(0, Math.round(s));
  if (t >= 3600) return `${Math.floor(t / 3600)}h ${String(Math.floor((t % 3600) / 60)).padStart(2, '0')}m`;
  if (t >= 60) return `${Math.floor(t / 60)}m ${String(t % 60).padStart(2, '0')}s`;
  return `${t}s`;
}

const help = { help: { type: 'boolean', short: 'h' } } as const;

const createUser: Command<{
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isEditor: boolean;
  active: boolean;
}> = {
  summary: 'Create a staff account (account, display name and user record).',
  usage: `create-user --email E --password P --first F --last L [--admin] [--editor] [--inactive]

  --email E      email address (stored lower-case)
  --password P   8 to 128 characters, used exactly as given
  --first F      first name
  --last L       last name
  --admin        make the user an admin
  --editor       make the user an editor
  --inactive     create the user inactive (cannot sign in)`,
  options: {
    ...help,
    email: { type: 'string' },
    password: { type: 'string' },
    first: { type: 'string' },
    last: { type: 'string' },
    admin: { type: 'boolean' },
    editor: { type: 'boolean' },
    inactive: { type: 'boolean' },
  },
  positionals: 0,
  check: (v) => ({
    email: required(v, 'email'),
    password: required(v, 'password'),
    firstName: required(v, 'first'),
    lastName: required(v, 'last'),
    isAdmin: v.admin === true,
    isEditor: v.editor === true,
    active: v.inactive !== true,
  }),
  async run(input, { auth, db }) {
    const { registerUser } = await import('./auth/register.js');
    const user = await registerUser(auth, db.kysely, input);
    return `Created ${describe(user)} (uid ${user.uid}).`;
  },
};

const setFlagsCommand: Command<{
  email: string;
  flags: { isAdmin?: boolean; isEditor?: boolean; active?: boolean };
  force: boolean;
}> = {
  summary: "Change a user's admin, editor and active flags.",
  usage: `set-flags --email E [--admin true|false] [--editor true|false] [--active true|false] [--force]

  Deactivating a user (--active false) also ends all their sessions.
  The shop keeps at least one active admin: taking the last one's admin rights or account is refused
  unless --force is given.`,
  options: {
    ...help,
    email: { type: 'string' },
    admin: { type: 'string' },
    editor: { type: 'string' },
    active: { type: 'string' },
    force: { type: 'boolean' },
  },
  positionals: 0,
  check(v) {
    const email = required(v, 'email');
    const flags = { isAdmin: flag(v, 'admin'), isEditor: flag(v, 'editor'), active: flag(v, 'active') };
    if (Object.values(flags).every((f) => f === undefined)) {
      throw new UsageError('set-flags needs at least one of --admin, --editor, --active.');
    }
    return { email, flags, force: v.force === true };
  },
  async run({ email, flags, force }, { db }) {
    const { findUserByEmail, changeFlags } = await import('./core/users.js');
    const found = await findUserByEmail(db.kysely, email);
    if (!found) throw new Error(`No user has the email ${email}.`);
    // The same rules as an admin's change in the console (DomainError's message says why a change is refused).
    const { DomainError } = await import('./core/errors.js');
    // Deactivating ends the user's sessions: core announces the change and the services follow it.
    const { user } = await changeFlags(db.kysely, null, found.uid, flags, { force }).catch((err: unknown) => {
      throw err instanceof DomainError && err.code === 'conflict'
        ? new Error(`${err.message} Add --force to do it anyway.`)
        : err;
    });
    return `Updated ${describe(user)}.`;
  },
};

const reset2fa: Command<{ email: string }> = {
  summary: "Turn off a user's two-factor sign-in (a lost phone): the password alone signs in until a new one is set.",
  usage: `reset-2fa --email E

  Removes the user's authenticator secret, recovery codes and passkeys and ends all their sessions. Under
  REQUIRE_2FA the user is then asked to set up a new one right after signing in. Recorded in Activity.`,
  options: { ...help, email: { type: 'string' } },
  positionals: 0,
  check: (v) => ({ email: required(v, 'email') }),
  async run({ email }, { db, auth }) {
    const { findUserByEmail } = await import('./core/users.js');
    const found = await findUserByEmail(db.kysely, email);
    if (!found) throw new Error(`No user has the email ${email}.`);
    const { removeSecondFactor } = await import('./auth/twoFactor.js');
    if (!(await removeSecondFactor(db.kysely, found.uid)))
      return `${found.email} has no two-factor sign-in; nothing changed.`;
    // Whoever held the phone may hold a session too: every session of the account ends.
    const { endSessionsOf } = await import('./auth/sessions.js');
    const ended = await endSessionsOf(auth, db.kysely, found.uid);
    const { AccountEvents } = await import('./core/accountEvents.js');
    await new AccountEvents(db.kysely, () => undefined).secondFactorRemoved(null, found.uid, null);
    return `Turned off two-factor sign-in of ${found.email}; sessions ended: ${ended}.`;
  },
};

const appStatus: Command<boolean> = {
  summary: 'Turn the console on or off for everyone (open browsers follow at once).',
  usage: 'app-status on|off',
  options: { ...help },
  positionals: 1,
  check(_v, [state]) {
    if (state !== 'on' && state !== 'off')
      throw new UsageError(`app-status takes on or off (got ${JSON.stringify(state ?? '')}).`);
    return state === 'on';
  },
  async run(active, { db }) {
    const { writeActive } = await import('./core/appStatus.js');
    // Announced once written: on PostgreSQL a NOTIFY reaches every server; on SQLite their event streams poll the row.
    await writeActive(db.kysely, active);
    return `App status: ${active ? 'on' : 'off'}.`;
  },
};

const demo: Command<number> = {
  summary: 'Load a demo catalogue: products of both categories, active and disabled, with generated images.',
  usage: `demo [--count N]

  --count N   how many products (default 30, at most 500); SKUs already there are skipped`,
  options: { ...help, count: { type: 'string' } },
  positionals: 0,
  check(v) {
    const count = v.count === undefined ? 30 : Number(v.count);
    if (!Number.isInteger(count) || count < 1 || count > 500)
      throw new UsageError('--count takes a whole number from 1 to 500.');
    return count;
  },
  async run(count, { config, db, store }) {
    const { loadDemo } = await import('./core/demo.js');
    const admin = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('is_admin', '=', 1)
      .orderBy('created')
      .executeTakeFirst();
    const added = await loadDemo(db.kysely, store, admin?.id ?? 'demo', count, config.imageMaxPixels);
    return `Added ${added} demo products${added < count ? ` (${count - added} were there already)` : ''}.`;
  },
};

const sweepFilesCommand: Command<number> = {
  summary: 'Delete expired unfinished uploads and stored images no product uses.',
  usage: `sweep-files [--grace-hours H]

  --grace-hours H   keep unused images younger than this (default 24), since a form may still be open`,
  options: { ...help, 'grace-hours': { type: 'string' } },
  positionals: 0,
  check(v) {
    const hours = v['grace-hours'] === undefined ? 24 : Number(v['grace-hours']);
    if (!Number.isFinite(hours) || hours < 0) throw new UsageError('--grace-hours takes a number of hours, 0 or more.');
    return hours;
  },
  async run(hours, { db, store, staging }) {
    const { sweepFiles } = await import('./core/files.js');
    const expired = await staging.deleteExpired();
    const removed = await sweepFiles(db.kysely, store, hours * 3600_000);
    return `Removed ${removed} unused images and ${expired} expired unfinished uploads.`;
  },
};

const images: Command<true> = {
  summary: 'Make the WebP sizes (400, 800, 1600 px wide) of images stored before uploads made them.',
  usage: `images --backfill

  --backfill   make every stored image's missing sizes, two images at a time; a progress line (done/total, rate,
               time left) goes to stderr. Stopped, it carries on where it was when run again; images that have all
               their sizes are skipped, so a second run does nothing.`,
  options: { ...help, backfill: { type: 'boolean' } },
  positionals: 0,
  check(v) {
    if (v.backfill !== true) throw new UsageError('images needs --backfill.');
    return true;
  },
  async run(_input, { config, db, store, feed }, io) {
    const { backfillSizes } = await import('./core/imageSizes.js');
    const { feedPartsWithImages } = await import('./core/describedFeed.js');
    const { servedResources } = await import('./resources.js');
    const progress = io.progress ?? ((line: string) => io.err(line));
    const started = performance.now();
    let shown = -Infinity;
    const result = await backfillSizes(db.kysely, store, config.imageMaxPixels, (p) => {
      const elapsed = (performance.now() - started) / 1000;
      // At most one line a second, and always the first and the last.
      if (p.done !== 0 && p.done !== p.total && elapsed - shown < 1) return;
      shown = elapsed;
      const rate = elapsed > 0 ? p.done / elapsed : 0;
      const left = rate > 0 ? duration((p.total - p.done) / rate) : '…';
      progress(
        `Images: ${p.done}/${p.total} · ${rate.toFixed(1)} images/s ` +
          `· ${p.done === p.total ? 'done' : `about ${left} left`}`,
        p.done === p.total,
      );
    });
    // The feed's answers list each image's sizes: every instance drops its kept answers with images (PostgreSQL: told
    // through NOTIFY; SQLite: they see this process's writes anyway).
    if (result.made > 0) await feed.drop(['products', ...feedPartsWithImages(servedResources)]);
    for (const f of result.failed) io.err(`Could not make the sizes of ${f}`);
    const took = duration((performance.now() - started) / 1000);
    if (result.total === 0) return 'Every image has all its sizes: nothing to do.';
    const summary = `Made ${result.made} sizes of ${result.total - result.failed.length} images in ${took}`;
    // Some failed: exit 1 so a script notices; a second run tries those again.
    if (result.failed.length) throw new Error(`${summary}; ${result.failed.length} failed (above).`);
    return `${summary}.`;
  },
};

const importFirebaseCommand: Command<{
  serviceAccount: string | undefined;
  projectId: string | undefined;
  bucket: string | undefined;
  hashParams: import('./auth/firebaseScrypt.js').FirebaseHashParams | null;
  dryRun: boolean;
}> = {
  summary: 'Import a Firebase project: staff (passwords kept), products and their images, texts, status.',
  usage: `import-firebase --service-account KEY.json [--bucket NAME] [hash parameters] [--dry-run]
       import-firebase --project ID [--bucket NAME] [hash parameters] [--dry-run]   (with the emulator variables)

  Reads with firebase-admin the Auth users, users/{uid}, products, languages/en and languages/se, app/status and
  the images under Uploads/ in Storage, and writes them here: the same staff (uids, names, flags, created dates),
  the products with their images (each through the checks of an upload; one that fails is reported by product and
  name, and the product keeps the others), the language records and the status. A line per kind shows progress.
  Running it again updates what changed and adds nothing twice.

  --service-account KEY.json  a service account key (Firebase console: Project settings, Service accounts)
  --project ID                the project (taken from the key when one is given)
  --bucket NAME               the Storage bucket (default <project>.appspot.com)
  --hash-key B64              the project's password hash parameters (Firebase console: Authentication, Users,
  --salt-separator B64        the menu above the table, Password hash parameters): base64_signer_key,
  --rounds N                  base64_salt_separator, rounds and mem_cost. With them, each person signs in with their
  --mem-cost N                Firebase password; without them (or when a hash cannot be read) they get the
                              invitation mail to set a password here.
  --dry-run                   read everything and report what would change; write nothing, send no mail

  Emulators: FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST (host:port)
  are used as firebase-admin uses them; then give --project.`,
  options: {
    ...help,
    'service-account': { type: 'string' },
    project: { type: 'string' },
    bucket: { type: 'string' },
    'hash-key': { type: 'string' },
    'salt-separator': { type: 'string' },
    rounds: { type: 'string' },
    'mem-cost': { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  positionals: 0,
  check(v) {
    const serviceAccount = typeof v['service-account'] === 'string' ? resolve(v['service-account']) : undefined;
    const projectId = typeof v.project === 'string' ? v.project : undefined;
    if (!serviceAccount && !projectId) throw new UsageError('import-firebase needs --service-account or --project.');
    if (serviceAccount && !existsSync(serviceAccount))
      throw new UsageError(`No service account key at ${serviceAccount}.`);
    const given = ['hash-key', 'salt-separator', 'rounds', 'mem-cost'].filter((k) => v[k] !== undefined);
    let hashParams = null;
    if (given.length > 0) {
      if (given.length < 4)
        throw new UsageError('--hash-key, --salt-separator, --rounds and --mem-cost go together (all four or none).');
      hashParams = {
        signerKey: required(v, 'hash-key'),
        saltSeparator: typeof v['salt-separator'] === 'string' ? v['salt-separator'] : '',
        rounds: Number(v.rounds),
        memCost: Number(v['mem-cost']),
      };
    }
    return {
      serviceAccount,
      projectId,
      bucket: typeof v.bucket === 'string' ? v.bucket : undefined,
      hashParams,
      dryRun: v['dry-run'] === true,
    };
  },
  async run(input, { config, db, auth, mailer, store }, io) {
    const { validHashParams } = await import('./auth/firebaseScrypt.js');
    if (input.hashParams && !validHashParams(input.hashParams))
      throw new UsageError('The hash parameters are not ones Firebase gives (rounds 1–8, mem cost 1–14, base64 keys).');
    const { openFirebase } = await import('./firebaseImport/source.js');
    const { importFirebase } = await import('./firebaseImport/apply.js');
    const source = await openFirebase({ ...input, env: process.env });
    const started = performance.now();
    let problems = 0;
    try {
      io.err(`${input.dryRun ? 'Dry run: reading' : 'Importing'} Firebase project ${source.projectId}…`);
      if (!input.hashParams)
        io.err('No hash parameters given: everyone imported gets the invitation mail instead of keeping a password.');
      await importFirebase(source, {
        db: db.kysely,
        auth,
        mailer,
        publicUrl: config.publicUrl,
        store,
        maxPixels: config.imageMaxPixels,
        maxBytes: config.uploadMaxBytes,
        hashParams: input.hashParams,
        dryRun: input.dryRun,
        // One line per kind: its last always shows; on a terminal it is rewritten as it goes.
        progress: io.progress ?? ((line) => io.err(line)),
        problem: (line) => {
          problems++;
          io.err(`  ${line}`);
        },
      });
    } finally {
      await source.close();
    }
    const took = duration((performance.now() - started) / 1000);
    const what = input.dryRun ? 'Dry run done (nothing written)' : 'Import done';
    return `${what} in ${took}${problems ? `; ${problems} problem${problems === 1 ? '' : 's'} reported above` : ''}.`;
  },
};

const backup: Command<string | null> = {
  summary:
    'Copy the SQLite database while the server runs, to FILE or where scheduled backups go (PostgreSQL: pg_dump).',
  usage: `backup [FILE]

  Writes a consistent copy of DATA_DIR/console.sqlite (SQLite's online backup API: the server keeps running).
  With FILE: to that file. Without: where the scheduled backups go (BACKUP_EVERY_HOURS), DATA_DIR/backups or, with
  S3 configured, the bucket under backups/, named by the time; then only the newest BACKUP_KEEP (default 7) are kept.
  Images, secrets and the outbox are plain files in DATA_DIR (or the bucket): copy them as well.
  On PostgreSQL, back up with pg_dump instead (README).`,
  options: { ...help },
  positionals: 1,
  check: (_v, [file]) => (file ? resolve(file) : null),
  async run(file, { config, db }) {
    if (!db.sqlite) throw new Error('This console runs on PostgreSQL: back it up with pg_dump (README, "Backups").');
    if (file === null) {
      const { backupNow, backupPlaceOf } = await import('./db/backup.js');
      const place = backupPlaceOf(config);
      const { name, removed } = await backupNow(db.sqlite, config.dataDir, place, config.backup.keep);
      const kept = removed.length ? `; removed ${removed.length} older (BACKUP_KEEP=${config.backup.keep})` : '';
      return `Database copied to ${place.describe(name)}${kept}.`;
    }
    // The copy holds password hashes and sessions: readable by its owner only, like the database itself.
    const { ownerOnly } = await import('./db/index.js');
    ownerOnly(file);
    await db.sqlite.backup(file);
    ownerOnly(file);
    return `Database copied to ${file}.`;
  },
};

const restore: Command<string> = {
  summary: 'Put a backup in place of the SQLite database (the console stopped).',
  usage: `restore FILE

  Replaces DATA_DIR/console.sqlite with FILE, a backup made by "backup" or by the schedule (from a bucket, download
  it first: aws s3 cp s3://BUCKET/backups/NAME .). Stop the console first: the restore is refused while the database
  is open in another process, and nothing is changed. FILE is checked first (a sound SQLite database of this console,
  from this version or an older one, which the console brings up to date when it starts). The restored copy is
  written beside the database and renamed over it; the database it replaces is kept beside it as
  console.sqlite.before-restore-<time>. Sessions are as they were in the backup.
  On PostgreSQL, restore with pg_restore instead (README).`,
  options: { ...help },
  positionals: 1,
  check(_v, [file]) {
    if (!file) throw new UsageError('restore needs the backup FILE to restore.');
    return resolve(file);
  },
  async runAlone(file, env) {
    const config = loadConfig(env);
    if (config.databaseUrl)
      throw new Error(
        'This console runs on PostgreSQL (DATABASE_URL is set): restore with pg_restore (README, "Backups").',
      );
    const { restoreSqlite } = await import('./db/backup.js');
    const { replaced } = await restoreSqlite(file, config.dataDir);
    return [
      `Restored ${file} into ${join(config.dataDir, 'console.sqlite')}.`,
      replaced ? `The database it replaced is kept as ${replaced}.` : 'There was no database before.',
      'Start the console.',
    ].join('\n');
  },
};

interface MoveInput {
  to: string;
  files: 's3' | null;
  batchRows: number;
}

const move: Command<MoveInput> = {
  summary: 'Copy this SQLite install into an empty PostgreSQL database (and its images to S3), then check every table.',
  usage: `move --to postgres://USER:PASSWORD@HOST:PORT/DATABASE [--files s3] [--batch N]

  Copies every table of DATA_DIR/console.sqlite into the PostgreSQL database named by --to: accounts and sessions
  too, so nobody has to sign in again. The database must exist and be empty (createdb); the console's tables are
  made there as a first start on PostgreSQL makes them, then the rows are copied in batches, one transaction per
  table, with a progress line per table on stderr. Every table's row count and a checksum of its values are then
  compared on both sides, and what to set to run on PostgreSQL is printed.

  The SQLite database is opened read-only and never changed. Stop the console first: what it writes during the
  move is not copied. A move that failed can be run again with the same command: it starts its tables over. A
  database that holds any other table is refused, and nothing is written to it.

  --to URL      the PostgreSQL database (postgres:// or postgresql://)
  --files s3    also copy every stored file (DATA_DIR/files: images, thumbnails, other sizes) to the bucket
                configured by S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (S3_ENDPOINT, S3_REGION), and
                check each one's SHA-256 after upload
  --batch N     rows per INSERT (default 5000)`,
  options: { ...help, to: { type: 'string' }, files: { type: 'string' }, batch: { type: 'string' } },
  positionals: 0,
  check(v) {
    const to = required(v, 'to');
    if (!/^postgres(ql)?:\/\//.test(to) || !URL.canParse(to))
      throw new UsageError('--to takes a postgres:// or postgresql:// address.');
    if (v.files !== undefined && v.files !== 's3')
      throw new UsageError(`--files takes s3 (got ${JSON.stringify(v.files)}).`);
    const batchRows = v.batch === undefined ? 5000 : Number(v.batch);
    if (!Number.isInteger(batchRows) || batchRows < 1 || batchRows > 50_000)
      throw new UsageError('--batch takes a whole number from 1 to 50000.');
    return { to, files: v.files === 's3' ? 's3' : null, batchRows };
  },
  async runAlone(input, env, io) {
    // Before loadConfig, which would make the folder and a secret in it: a wrong DATA_DIR changes nothing.
    const source = join(resolve(env.DATA_DIR?.trim() || './data'), 'console.sqlite');
    if (!existsSync(source))
      throw new Error(`There is no SQLite database at ${source}: set DATA_DIR to the console's data folder.`);
    const config = { ...loadConfig(env), logLevel: 'silent' };
    if (config.databaseUrl) {
      throw new Error(
        'DATABASE_URL is set, so this console already runs on PostgreSQL. move copies a SQLite ' +
          'install (the DATA_DIR named): unset DATABASE_URL and give the target with --to.',
      );
    }
    if (input.files === 's3' && !config.s3) {
      throw new UsageError(
        '--files s3 needs the bucket configured: S3_BUCKET, S3_ACCESS_KEY_ID ' +
          'and S3_SECRET_ACCESS_KEY (S3_ENDPOINT and S3_REGION when not AWS).',
      );
    }
    const s3 = input.files === 's3' ? config.s3 : null;
    if (s3) {
      // The bucket is checked before anything is written to PostgreSQL.
      const { s3Store } = await import('./files/store.js');
      await s3Store(s3)
        .probe()
        .catch((err: unknown) => {
          throw new Error(
            `The bucket ${s3.bucket} cannot be ` +
              `written: ${(err as { name?: string }).name ?? String(err)}. Nothing was written.`,
          );
        });
    }
    const { moveToPostgres, MoveRefused } = await import('./db/move.js');
    const { firstStartSchema } = await import('./services.js');
    const n = (x: number): string => Math.round(x).toLocaleString('en');
    const progress = io.progress ?? ((line: string) => io.err(line));
    const started = performance.now();
    let files: { files: number; bytes: number } | null = null;
    const moved = await moveToPostgres({
      sqlitePath: join(config.dataDir, 'console.sqlite'),
      targetUrl: input.to,
      batchRows: input.batchRows,
      // Exactly what a first start on PostgreSQL makes, no admin.
      prepareTarget: () => firstStartSchema({ ...config, databaseUrl: input.to, s3: null }),
      progress: (p) => {
        const left = p.finished ? 'done' : p.secondsLeft === null ? '' : `about ${n(p.secondsLeft)} s left`;
        progress(
          `${p.table.padEnd(22)} ${n(p.done).padStart(11)} / ${n(p.total)} rows  ${n(p.rate)} rows/s  ${left}`,
          p.finished,
        );
      },
      afterRows: s3
        ? async () => {
            const { copyFilesToS3 } = await import('./files/copyToS3.js');
            files = await copyFilesToS3(join(config.dataDir, 'files'), s3, (p) =>
              progress(
                `${'files'.padEnd(22)} ${n(p.done).padStart(11)} / ${n(p.total)} ` +
                  `files  ${n(p.bytes / 1e6)} MB  ${p.finished ? 'done, each checked' : ''}`,
                p.finished,
              ),
            );
          }
        : undefined,
    }).catch((err: unknown) => {
      throw err instanceof MoveRefused
        ? err
        : new Error(
            `${(err as Error).message}\nThe SQLite database is unchanged; ` +
              `run the same command again to start the move over.`,
          );
    });
    const rows = moved.reduce((sum, t) => sum + t.rows, 0);
    const shownUrl = input.to.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');
    const copied = files as { files: number; bytes: number } | null;
    const lines = [
      `Moved ${moved.length} tables (${n(rows)} rows) into ${shownUrl} ` +
        `in ${n((performance.now() - started) / 1000)} s; every table's row count and checksum match:`,
      ...moved.map((t) => `  ${t.table.padEnd(22)} ${n(t.rows).padStart(11)} rows  sha256 ${t.checksum.slice(0, 16)}`),
      ...(copied
        ? [
            `Copied ${n(copied.files)} files (${n(copied.bytes / 1e6)} MB) to ` +
              `the bucket ${s3!.bucket}; each one's SHA-256 checked after upload.`,
          ]
        : []),
      '',
      'To run the console on PostgreSQL, set (the rest of the configuration stays as it is):',
      `  DATABASE_URL=${shownUrl}   (the address given to --to)`,
      env.AUTH_SECRET
        ? '  AUTH_SECRET: keep the value set now (sessions stay signed in only with the same secret).'
        : `  AUTH_SECRET=<the text of ${join(config.dataDir, 'auth-secret')}>   ` +
          `(or keep DATA_DIR: sessions stay signed in only with the same secret)`,
      s3
        ? '  S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT, S3_REGION: as set for this command.'
        : config.s3
          ? '  The images were not copied (no --files s3): the bucket configured now stays where they are.'
          : `  Images stay in ${join(config.dataDir, 'files')}: keep DATA_DIR, ` +
            `or run with --files s3 and set S3_* to move them to a bucket.`,
      'Uploads in progress are not moved (they restart). The SQLite database ' +
        'was only read: keep it until the console runs well on PostgreSQL.',
    ];
    return lines.join('\n');
  },
};

const commands: Record<string, Command<never>> = {
  'create-user': createUser as Command<never>,
  'set-flags': setFlagsCommand as Command<never>,
  'reset-2fa': reset2fa as Command<never>,
  'app-status': appStatus as Command<never>,
  demo: demo as Command<never>,
  'sweep-files': sweepFilesCommand as Command<never>,
  images: images as Command<never>,
  backup: backup as Command<never>,
  restore: restore as Command<never>,
  move: move as Command<never>,
  'import-firebase': importFirebaseCommand as Command<never>,
};

const mainHelp = `Usage: npm run cli -- <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(15)} ${c.summary}`)
  .join('\n')}

Run "npm run cli -- <command> --help" for a command's options.
The CLI reads the same environment variables as the server (DATA_DIR, DATABASE_URL, ...).`;

/** A string option that must be given. */
function required(v: Values, name: string): string {
  const value = v[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

/** An optional true|false option. */
function flag(v: Values, name: string): boolean | undefined {
  const value = v[name];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new UsageError(`--${name} takes true or false (got ${JSON.stringify(value)}).`);
}

function describe(u: { email: string; isAdmin: boolean; isEditor: boolean; active: boolean }): string {
  return `${u.email} (admin: ${u.isAdmin}, editor: ${u.isEditor}, active: ${u.active})`;
}

/** Opens what the server opens (never making a first admin), runs fn, closes. */
async function withConsole<T>(env: NodeJS.ProcessEnv, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const config = { ...loadConfig(env), logLevel: 'silent' };
  const { createServices } = await import('./services.js');
  const services = await createServices(config, {
    firstAdmin: false,
    oneOff: true,
    log: { info: () => undefined, warn: () => undefined },
  });
  try {
    return await fn(services);
  } finally {
    await services.close();
  }
}

/** Runs one CLI call with the given environment; returns the exit code (0 done, 1 failed, 2 wrong usage). */
export async function cli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: Io = { out: console.log, err: console.error, progress: stderrProgress() },
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(mainHelp);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  try {
    if (!command) throw new UsageError(`Unknown command ${JSON.stringify(name)}.`);
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: command.options,
        allowPositionals: command.positionals > 0,
        strict: true,
      });
    } catch (err) {
      throw new UsageError(`${name}: ${(err as Error).message.split('\n')[0]}`);
    }
    if (parsed.values.help) {
      io.out(`Usage: npm run cli -- ${command.usage}`);
      return 0;
    }
    if (parsed.positionals.length > command.positionals) throw new UsageError(`${name}: too many arguments.`);
    const input = command.check(parsed.values, parsed.positionals);
    io.out(
      command.runAlone
        ? await command.runAlone(input, env, io)
        : await withConsole(env, (ctx) => command.run!(input, ctx, io)),
    );
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`Error: ${err.message} See "npm run cli -- ${command ? `${name} ` : ''}--help".`);
      return 2;
    }
    io.err(err instanceof ConfigError ? err.message : `Error: ${refusalText(err)}`);
    return 1;
  }
}

/** A refusal in words for the command line, which speaks English: each field named when the refusal names them. */
function refusalText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const details = (err as { details?: unknown }).details;
  const fields = Array.isArray(details) ? (details as { path?: unknown; message?: unknown }[]) : [];
  if (fields.length === 0 || !fields.every((f) => typeof f?.path === 'string' && typeof f.message === 'string'))
    return err.message;
  return fields.map((f) => `${String(f.path).replace(/^\//, '')}: ${textOf(String(f.message), 'en')}`).join('; ');
}

// Run when started as a program (npm run cli), not when imported.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
