import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../server/config.js';
import { messages } from '../../domain/messages.js';
import { childEnv } from './helpers/process.js';

// Configuration does not touch the database, so this suite runs once, not per dialect.
const root = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'console-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The problems loadConfig reports for an environment (fails the test when it reports none). */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('keeps the storefront off and private receivers refused unless set, and reads the origins list', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      storefront: { enabled: false, origins: [] },
      webhookAllowPrivate: false,
    });
    const on = loadConfig({
      DATA_DIR: dataDir,
      STOREFRONT_ENABLED: 'true',
      STOREFRONT_ORIGINS: 'https://shop.example, http://127.0.0.1:8080',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(on).toMatchObject({
      storefront: { enabled: true, origins: ['https://shop.example', 'http://127.0.0.1:8080'] },
      webhookAllowPrivate: true,
    });
  });

  it('limits the feed to 600 requests a minute per address and trusts no proxy unless set', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ publicRequestsPerMinute: 600, trustProxy: false });
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_REQUESTS_PER_MINUTE: '0', TRUST_PROXY: 'true' })).toMatchObject({
      publicRequestsPerMinute: 0,
      trustProxy: true,
    });
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16, ::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
  });

  const bad: [string, string, RegExp][] = [
    ['PORT', 'abc', /^PORT: must be a whole number from 0 to 65535 \(got "abc"\)$/],
    ['PORT', '70000', /^PORT: must be a whole number/],
    [
      'DATABASE_URL',
      'mysql://x',
      /^DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/ \(got "mysql:\/\/x"\)$/,
    ],
    ['SMTP_URL', 'http://x', /^SMTP_URL: must start with smtp:\/\/ or smtps:\/\/ \(got "http:\/\/x"\)$/],
    ['ADMIN_EMAIL', 'nope', /^ADMIN_EMAIL: must be an email address \(got "nope"\)$/],
    ['ADMIN_PASSWORD', 'short', /^ADMIN_PASSWORD: must be at least 8 characters/],
    ['PUBLIC_URL', 'ftp://x', /^PUBLIC_URL: must be an http\(s\) address/],
    ['SIGNIN_FAILURES_PER_HOUR', '100', /^SIGNIN_FAILURES_PER_HOUR: must be a whole number from 1 to 99/],
    ['SESSION_IDLE_HOURS', '0', /^SESSION_IDLE_HOURS: must be a whole number/],
    ['STOREFRONT_ENABLED', 'yes', /^STOREFRONT_ENABLED: must be true or false/],
    [
      'STOREFRONT_ORIGINS',
      'https://shop.example/path',
      /^STOREFRONT_ORIGINS: must be http\(s\) origins \(scheme, host and port; no path/,
    ],
    ['STOREFRONT_ORIGINS', 'https://shop.example, *', /^STOREFRONT_ORIGINS: must be http\(s\) origins/],
    ['WEBHOOK_ALLOW_PRIVATE', '1', /^WEBHOOK_ALLOW_PRIVATE: must be true or false/],
    ['HISTORY_KEEP_DAYS', '0', /^HISTORY_KEEP_DAYS: must be a whole number from 1 to 36500/],
    ['HISTORY_KEEP_DAYS', 'forever', /^HISTORY_KEEP_DAYS: must be a whole number/],
    ['PUBLIC_REQUESTS_PER_MINUTE', '-1', /^PUBLIC_REQUESTS_PER_MINUTE: must be a whole number from 0 to 1000000/],
    ['TRUST_PROXY', 'yes', /^TRUST_PROXY: must be true, false, a number of proxies, or their addresses/],
    ['TRUST_PROXY', '10.0.0.1, proxy.example', /^TRUST_PROXY: must be true, false/],
    ['TRUST_PROXY', '10.0.0.0/33', /^TRUST_PROXY: must be true, false/],
    ['BACKUP_EVERY_HOURS', '-1', /^BACKUP_EVERY_HOURS: must be a whole number from 0 to 720 \(got "-1"\)$/],
    ['BACKUP_EVERY_HOURS', '1.5', /^BACKUP_EVERY_HOURS: must be a whole number from 0 to 720/],
    ['BACKUP_KEEP', '0', /^BACKUP_KEEP: must be a whole number from 1 to 1000 \(got "0"\)$/],
    ['METRICS_TOKEN', 'short', /^METRICS_TOKEN: must be at least 16 characters \(got a value of 5 characters\)$/],
    ['METRICS_TOKEN', 'sixteen chars ok but spaces', /^METRICS_TOKEN: must be printable ASCII without spaces/],
    ['SHUTDOWN_GRACE_SECONDS', '0', /^SHUTDOWN_GRACE_SECONDS: must be a whole number from 1 to 3600 \(got "0"\)$/],
    ['SHUTDOWN_GRACE_SECONDS', 'soon', /^SHUTDOWN_GRACE_SECONDS: must be a whole number/],
    ['TZ', 'Mars/Olympus', /^TZ: must be an IANA time zone name such as Europe\/Stockholm \(got "Mars\/Olympus"\)$/],
    ['SCHEDULE_CHECK_SECONDS', '0', /^SCHEDULE_CHECK_SECONDS: must be a whole number from 1 to 3600 \(got "0"\)$/],
  ];

  it.each(bad)('refuses %s=%s with one line naming it', (name, value, line) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(line);
  });

  it('reports every bad value at once, one line each, in the error message too', () => {
    const env = {
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://x',
      ADMIN_EMAIL: 'nope',
      ADMIN_PASSWORD: 'short',
    };
    const found = problems(env);
    expect(found.map((l) => l.split(':')[0]).sort()).toEqual(Object.keys(env).sort());
    try {
      loadConfig({ DATA_DIR: dataDir, ...env });
    } catch (err) {
      const lines = (err as Error).message.split('\n');
      for (const p of found) expect(lines).toContain(`  ${p}`);
    }
  });

  it('never repeats a bad password or secret, nor the password inside an address', () => {
    const found = problems({
      ADMIN_PASSWORD: 'sEcr3t',
      AUTH_SECRET: 'tooShortSecret',
      DATABASE_URL: 'mysql://me:hunter22@db/x',
      METRICS_TOKEN: 'tok3n',
    });
    const text = found.join('\n');
    expect(found).toHaveLength(4);
    for (const secret of ['sEcr3t', 'tooShortSecret', 'hunter22', 'tok3n']) expect(text).not.toContain(secret);
  });

  it('fills in defaults and keeps a generated secret in DATA_DIR', () => {
    const c = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'Boss@Shop.Example',
      PUBLIC_URL: 'https://console.example/',
    });
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: null,
      smtpUrl: null,
      publicUrl: 'https://console.example',
      adminEmail: 'boss@shop.example',
      signinFailuresPerHour: 10,
      require2fa: 'off',
      sessionIdleHours: 24 * 7,
      sessionAbsoluteHours: 24 * 30,
    });
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'auth-secret'), 'utf8')).toBe(c.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(c.authSecret);
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('takes REQUIRE_2FA as off, admins or all, and refuses anything else', () => {
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA: 'admins' }).require2fa).toBe('admins');
    expect(loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA: 'all' }).require2fa).toBe('all');
    expect(() => loadConfig({ DATA_DIR: dataDir, REQUIRE_2FA: 'yes' })).toThrow(
      'REQUIRE_2FA: must be off, admins or all',
    );
  });

  it(
    'backs up on no schedule unless BACKUP_EVERY_HOURS says how ' +
      'often, keeping 7 unless BACKUP_KEEP says; never on PostgreSQL',
    () => {
      expect(loadConfig({ DATA_DIR: dataDir }).backup).toEqual({ everyHours: 0, keep: 7 });
      expect(loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }).backup).toEqual({
        everyHours: 6,
        keep: 28,
      });
      expect(
        loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '0', DATABASE_URL: 'postgres://db/x' }).backup.everyHours,
      ).toBe(0);
      const found = problems({ BACKUP_EVERY_HOURS: '24', DATABASE_URL: 'postgres://db/x' });
      expect(found).toEqual([
        'BACKUP_EVERY_HOURS: backs up the SQLite database only; on PostgreSQL ' +
          '(DATABASE_URL is set) back up with pg_dump, as the README says (got "24")',
      ]);
    },
  );

  it('serves no /metrics unless METRICS_TOKEN is set, and gives running requests 10 s on shutdown unless told', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ metricsToken: null, shutdownGraceSeconds: 10 });
    const set = loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: ' a-long-enough-token ', SHUTDOWN_GRACE_SECONDS: '30' });
    expect(set).toMatchObject({ metricsToken: 'a-long-enough-token', shutdownGraceSeconds: 30 });
  });

  it('logs readable lines to a terminal and JSON otherwise unless LOG_FORMAT says, and refuses another format', () => {
    const load = (terminal: boolean, env: Record<string, string> = {}) =>
      loadConfig({ DATA_DIR: dataDir, ...env }, '1.0.0', terminal).logFormat;
    expect([load(true), load(false)]).toEqual(['pretty', 'json']);
    expect([load(true, { LOG_FORMAT: 'json' }), load(false, { LOG_FORMAT: 'pretty' })]).toEqual(['json', 'pretty']);
    expect(problems({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT: must be json or pretty (got "xml")']);
  });

  it('keeps the change history forever unless HISTORY_KEEP_DAYS says how long', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).historyKeepDays).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir, HISTORY_KEEP_DAYS: '90' }).historyKeepDays).toBe(90);
  });
});

describe('server/main.ts with a bad setting', () => {
  it('exits non-zero and prints the line naming the variable', async () => {
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, ['server/main.ts'], {
      cwd: root,
      env: childEnv({ PORT: 'abc', DATA_DIR: dataDir }),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code).not.toBe(0);
    expect(stderr).toContain('PORT: must be a whole number from 0 to 65535 (got "abc")');
  });
});

describe('the version', () => {
  it(
    'comes from package.json alone, for the server and the ' + 'browser bundle alike (vitest defines it as vite does)',
    () => {
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
      expect(loadConfig({ DATA_DIR: dataDir }).version).toBe(version);
      expect(loadConfig({ DATA_DIR: dataDir, APP_VERSION: '9.9.9' }).version).toBe('9.9.9');
      // No other file of ours spells the version out (the changelog's entries are texts, not the version).
      for (const file of ['server/config.ts', 'vitest.config.ts', 'vite.config.ts']) {
        expect(readFileSync(join(root, file), 'utf8'), file).not.toContain(`'${version}'`);
      }
      expect(Object.keys(messages.app)).not.toContain('version');
    },
  );
});
