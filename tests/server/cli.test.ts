import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../server/core/users.js';
import { cli as cliInProcess } from '../../server/cli.js';
import { messages } from '../../domain/messages.js';
import {
  ADMIN,
  createData,
  createUser,
  dialects,
  openEvents,
  signIn,
  signInRaw,
  startApp,
  uniqueEmail,
  type DataStore,
  type TestApp,
} from './helpers/index.js';
import { childEnv } from './helpers/process.js';

const root = resolve(import.meta.dirname, '..', '..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (what `npm run cli -- …` runs) against a data store, as a separate process. */
function cli(data: DataStore | null, ...args: string[]): Promise<Run> {
  const env = childEnv({ LOG_LEVEL: 'silent' });
  if (data) env.DATA_DIR = data.dataDir;
  if (data?.databaseUrl) env.DATABASE_URL = data.databaseUrl;
  const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['server/cli.ts', ...args], { cwd: root, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/**
 * The same CLI called in this process (for the many small cases; the spawned runs above prove the program around it).
 */
async function call(data: DataStore | null, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = { LOG_LEVEL: 'silent' };
  if (data) env.DATA_DIR = data.dataDir;
  if (data?.databaseUrl) env.DATABASE_URL = data.databaseUrl;
  const out: string[] = [];
  const err: string[] = [];
  const code = await cliInProcess(args, env, { out: (l) => out.push(`${l}\n`), err: (l) => err.push(`${l}\n`) });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe.each(dialects())('npm run cli against a running console (%s)', (dialect) => {
  let data: DataStore;
  let t: TestApp;
  beforeAll(async () => {
    data = await createData(dialect);
    t = await startApp({ dialect, data });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  it('create-user (spawned) makes an account that signs in through the app, with the flags asked for', async () => {
    const email = uniqueEmail('cli');
    const run = await cli(
      data,
      'create-user',
      '--email',
      email.toUpperCase(),
      '--password',
      'cli password 1',
      '--first',
      'Cli',
      '--last',
      'User',
      '--editor',
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(
      new RegExp(`^Created ${email} \\(admin: false, editor: true, active: true\\) \\(uid \\w+\\)\\.$`),
    );
    const cookie = await signIn(t, email, 'cli password 1');
    expect((await t.api('GET', '/api/me', { cookie })).json).toMatchObject({
      email,
      firstName: 'Cli',
      lastName: 'User',
      isEditor: true,
      isAdmin: false,
      active: true,
    });
  });

  it('create-user --inactive makes an account that cannot sign in', async () => {
    const email = uniqueEmail('cli');
    const run = await call(
      data,
      'create-user',
      '--email',
      email,
      '--password',
      'cli password 1',
      '--first',
      'A',
      '--last',
      'B',
      '--admin',
      '--inactive',
    );
    expect(run.code).toBe(0);
    expect(await findUserByEmail(t.db, email)).toMatchObject({ isAdmin: true, active: false });
    expect((await signInRaw(t, email, 'cli password 1')).status).toBe(401);
  });

  it('set-flags (spawned) changes only the flags given, and deactivating ends the user’s sessions', async () => {
    const user = await createUser(t, 'editor');
    const cookie = await signIn(t, user.email, user.password);
    const run = await cli(data, 'set-flags', '--email', user.email, '--admin', 'true', '--active', 'false');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(`Updated ${user.email} (admin: true, editor: true, active: false).`);
    expect(await findUserByEmail(t.db, user.email)).toMatchObject({ isAdmin: true, isEditor: true, active: false });
    const sessions = await t.db
      .selectFrom('auth_session' as never)
      .selectAll()
      .where('userId' as never, '=', user.uid as never)
      .execute();
    expect(sessions).toEqual([]);
    expect((await t.api('GET', '/api/me', { cookie })).status).toBe(401);

    expect((await call(data, 'set-flags', '--email', user.email, '--active', 'true', '--editor', 'false')).code).toBe(
      0,
    );
    expect(await findUserByEmail(t.db, user.email)).toMatchObject({ isAdmin: true, isEditor: false, active: true });
    expect(await signIn(t, user.email, user.password)).toContain('session_token');
  });

  it('app-status off (spawned) and on reach an open event stream within two seconds', async () => {
    const events = await openEvents(t.baseUrl);
    try {
      expect(await events.next(1000)).toMatchObject({ active: true });
      const off = await cli(data, 'app-status', 'off');
      expect(off.code).toBe(0);
      expect(off.stdout.trim()).toBe('App status: off.');
      expect(await events.next(2000)).toMatchObject({ active: false });
      expect((await t.api('GET', '/api/app/status')).json.active).toBe(false);
      expect((await call(data, 'app-status', 'on')).code).toBe(0);
      expect(await events.next(2000)).toMatchObject({ active: true });
    } finally {
      events.close();
    }
  });

  it('set-flags keeps the last active admin (the same rule as the API) unless --force is given', async () => {
    const admin = (await findUserByEmail(t.db, ADMIN.email))!;
    // Make the first admin the only active one.
    await t.db.updateTable('users').set({ is_admin: 0, user_type: 'editor' }).where('id', '<>', admin.uid).execute();
    for (const flag of ['--admin', '--active']) {
      const run = await call(data, 'set-flags', '--email', ADMIN.email, flag, 'false');
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`Error: ${messages.users.lastAdmin} Add --force to do it anyway.\n`);
      expect(await findUserByEmail(t.db, ADMIN.email)).toMatchObject({ isAdmin: true, active: true });
    }
    expect((await call(data, 'set-flags', '--email', ADMIN.email, '--admin', 'false', '--force')).code).toBe(0);
    expect((await findUserByEmail(t.db, ADMIN.email))!.isAdmin).toBe(false);
    expect((await call(data, 'set-flags', '--email', ADMIN.email, '--admin', 'true')).code).toBe(0);
  });

  it('refuses a duplicate email with one line and exit code 1', async () => {
    const user = await createUser(t, 'noRole');
    const run = await call(
      data,
      'create-user',
      '--email',
      user.email,
      '--password',
      'cli password 1',
      '--first',
      'A',
      '--last',
      'B',
    );
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'Error: A user with this email already exists.\n' });
  });

  it.each([
    [
      'an unknown email',
      ['set-flags', '--email', 'nobody@test.local', '--active', 'false'],
      'Error: No user has the email nobody@test.local.',
    ],
    [
      'a too short password',
      ['create-user', '--email', 'short@test.local', '--password', 'seven77', '--first', 'A', '--last', 'B'],
      'Error: password: ',
    ],
    [
      'a bad email',
      ['create-user', '--email', 'not-an-email', '--password', 'long enough', '--first', 'A', '--last', 'B'],
      'Error: email: ',
    ],
  ])('refuses %s with one line and exit code 1', async (_name, args, line) => {
    const run = await call(data, ...args);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(run.stderr.startsWith(line)).toBe(true);
  });
});

describe('npm run cli: help and usage errors (no database needed)', () => {
  it('prints the commands with --help and exits 0 (spawned)', async () => {
    const run = await cli(null, '--help');
    expect(run.code).toBe(0);
    for (const c of ['create-user', 'set-flags', 'app-status']) expect(run.stdout).toContain(`  ${c} `);
  });

  it('refuses an unknown command with one line and exit code 2 (spawned)', async () => {
    const run = await cli(null, 'make-coffee');
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'Error: Unknown command "make-coffee". See "npm run cli -- --help".\n',
    });
  });

  it.each([
    ['create-user', ['--email E', '--password P', '--first F', '--last L', '--admin', '--editor', '--inactive']],
    ['set-flags', ['--email E', '--admin true|false', '--editor true|false', '--active true|false']],
    ['app-status', ['on|off']],
  ])('prints the options of %s with --help', async (command, options) => {
    const run = await call(null, command, '--help');
    expect(run.code).toBe(0);
    for (const o of options) expect(run.stdout).toContain(o);
  });

  it.each([
    ['no command', [], /^$/],
    [
      'a missing flag',
      ['create-user', '--email', 'a@b.se', '--password', 'long enough'],
      /^Error: --first is required\./,
    ],
    ['an unknown flag', ['create-user', '--colour', 'red'], /^Error: create-user: Unknown option '--colour'/],
    [
      'a flag without its value',
      ['set-flags', '--email'],
      /^Error: set-flags: Option '--email <value>' argument missing/,
    ],
    [
      'a bad flag value',
      ['set-flags', '--email', 'a@b.se', '--admin', 'yes'],
      /^Error: --admin takes true or false \(got "yes"\)/,
    ],
    ['set-flags without a flag', ['set-flags', '--email', 'a@b.se'], /^Error: set-flags needs at least one of/],
    ['a bad app status', ['app-status', 'maybe'], /^Error: app-status takes on or off \(got "maybe"\)/],
    ['a second app status', ['app-status', 'on', 'off'], /^Error: app-status: too many arguments\./],
  ])('refuses %s with exit code 2 and at most one line', async (_name, args, line) => {
    const run = await call(null, ...args);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(run.stderr.trim()).toMatch(line);
  });
});
