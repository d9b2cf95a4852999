import { parseArgs, type ParseArgsConfig } from 'node:util';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Db } from './db/index.js';
import type { Auth } from './auth/index.js';

// The database and identity modules load only once a command runs, so --help and usage errors answer at once.

/** A mistake in how the CLI was called: shown with a pointer to --help, exit code 2. */
class UsageError extends Error {}

interface Ctx {
  config: Config;
  db: Db;
  auth: Auth;
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  positionals: number;
  run(values: Values, positionals: string[], ctx: Ctx): Promise<string>;
}

const help = { help: { type: 'boolean', short: 'h' } } as const;

const commands: Record<string, Command> = {
  'create-user': {
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
    async run(v, _p, { auth, db }) {
      const { registerUser } = await import('./auth/register.js');
      const user = await registerUser(auth, db.kysely, {
        email: required(v, 'email'),
        password: required(v, 'password'),
        firstName: required(v, 'first'),
        lastName: required(v, 'last'),
        isAdmin: v.admin === true,
        isEditor: v.editor === true,
        active: v.inactive !== true,
      });
      return `Created ${describe(user)} (uid ${user.uid}).`;
    },
  },
  'set-flags': {
    summary: "Change a user's admin, editor and active flags.",
    usage: `set-flags --email E [--admin true|false] [--editor true|false] [--active true|false]

  Deactivating a user (--active false) also ends all their sessions.`,
    options: { ...help, email: { type: 'string' }, admin: { type: 'string' }, editor: { type: 'string' }, active: { type: 'string' } },
    positionals: 0,
    async run(v, _p, { auth, db }) {
      const email = required(v, 'email');
      const flags = { isAdmin: flag(v, 'admin'), isEditor: flag(v, 'editor'), active: flag(v, 'active') };
      if (Object.values(flags).every((f) => f === undefined)) {
        throw new UsageError('set-flags needs at least one of --admin, --editor, --active.');
      }
      const { findUserByEmail, setFlags } = await import('./core/users.js');
      const { endSessions } = await import('./auth/register.js');
      const found = await findUserByEmail(db.kysely, email);
      if (!found) throw new Error(`No user has the email ${email}.`);
      const user = await setFlags(db.kysely, found.uid, flags);
      if (flags.active === false) await endSessions(auth, user.uid);
      return `Updated ${describe(user)}.`;
    },
  },
  'app-status': {
    summary: 'Turn the console on or off for everyone (open browsers follow at once).',
    usage: `app-status on|off`,
    options: { ...help },
    positionals: 1,
    async run(_v, [state], { db }) {
      if (state !== 'on' && state !== 'off') throw new UsageError(`app-status takes on or off (got ${JSON.stringify(state ?? '')}).`);
      const { writeActive } = await import('./core/appStatus.js');
      const { memoryBroker, pgBroker } = await import('./live/broker.js');
      await writeActive(db.kysely, state === 'on');
      // On PostgreSQL this NOTIFY reaches every server; on SQLite the servers poll the status row.
      const broker = db.pool ? await pgBroker(db.pool, () => undefined) : memoryBroker();
      await broker.publish();
      await broker.close();
      return `App status: ${state}.`;
    },
  },
};

const mainHelp = `Usage: npm run cli -- <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(13)} ${c.summary}`)
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

/** Opens the database the server uses, brings it up to date (no first admin), runs fn, closes. */
async function withConsole<T>(fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const [{ openDb }, { createAuth }, { createMailer }, { prepare }] = await Promise.all([
    import('./db/index.js'),
    import('./auth/index.js'),
    import('./mail/index.js'),
    import('./setup.js'),
  ]);
  const db = openDb(config);
  try {
    const mailer = createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: () => undefined });
    const auth = createAuth({ ...config, logLevel: 'silent' }, db, mailer, () => undefined);
    await prepare(db, auth);
    return await fn({ config, db, auth });
  } finally {
    await db.close();
  }
}

/** Runs one CLI call; returns the exit code. */
export async function cli(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(mainHelp);
    return name === undefined ? 2 : 0;
  }
  try {
    const command = commands[name];
    if (!command) throw new UsageError(`Unknown command ${JSON.stringify(name)}.`);
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: command.options, allowPositionals: command.positionals > 0, strict: true });
    } catch (err) {
      throw new UsageError(`${name}: ${(err as Error).message.split('\n')[0]}`);
    }
    if (parsed.values.help) {
      console.log(`Usage: npm run cli -- ${command.usage}`);
      return 0;
    }
    if (parsed.positionals.length > command.positionals) throw new UsageError(`${name}: too many arguments.`);
    const message = await withConsole((ctx) => command.run(parsed.values, parsed.positionals, ctx));
    console.log(message);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`Error: ${err.message} See "npm run cli -- ${commands[name] ? `${name} ` : ''}--help".`);
      return 2;
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    console.error(`Error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

// Run when started as a program (npm run cli), not when imported.
if (process.argv[1] && /cli\.[cm]?[jt]s$/.test(process.argv[1])) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
