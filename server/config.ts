import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
// Inlined into the compiled server by esbuild, so the bundle needs no package.json beside it.
import pkg from '../package.json' with { type: 'json' };
import { SECOND_FACTOR_POLICIES, type SecondFactorPolicy } from '../domain/twoFactor.js';
import { knownTimeZone } from '../domain/schedule.js';
import { textOf } from '../domain/translate.js';

/** Every setting, read from the environment here and nowhere else. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  /** Origins the browser app may be opened from: PUBLIC_URL, or both loopback names when it is not set. */
  trustedOrigins: string[];
  adminEmail: string | null;
  adminPassword: string | null;
  authSecret: string;
  sessionIdleHours: number;
  sessionAbsoluteHours: number;
  /**
   * How long a verified session is kept in memory (its user's generation is still checked on every request); 0 = off.
   */
  sessionCacheSeconds: number;
  signinFailuresPerHour: number;
  /** REQUIRE_2FA: who must set up a second factor before using the console. */
  require2fa: SecondFactorPolicy;
  logLevel: string;
  /**
   * LOG_FORMAT: 'pretty' (short lines for a person: server/lib/readableLog.ts) or 'json' (one JSON object a line);
   * unset, pretty when stdout is a terminal.
   */
  logFormat: 'json' | 'pretty';
  /** Largest upload accepted, in bytes. */
  uploadMaxBytes: number;
  /** Largest image accepted, in pixels (width × height), checked from the header before decoding. */
  imageMaxPixels: number;
  /** Days the change history keeps; null keeps it forever. */
  historyKeepDays: number | null;
  /** S3-compatible storage for uploads; null keeps them under DATA_DIR/files. */
  s3: { endpoint: string | null; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  version: string;
  /** The storefront's read-only feed (/api/public/*): off unless STOREFRONT_ENABLED=true. */
  storefront: { enabled: boolean; origins: string[] };
  /** Webhook receivers on loopback or private addresses are refused unless this is set (WEBHOOK_ALLOW_PRIVATE). */
  webhookAllowPrivate: boolean;
  /** Requests a minute one address may make to /api/public/* (PUBLIC_REQUESTS_PER_MINUTE); 0: no limit. */
  publicRequestsPerMinute: number;
  /**
   * Whom to believe in X-Forwarded-For (TRUST_PROXY), as Fastify's trustProxy: false (the connection's address),
   * true (the header's first address), a number of proxies in front, or the proxies' addresses.
   */
  trustProxy: boolean | number | string[];
  /**
   * Backups of the SQLite database on a schedule (BACKUP_EVERY_HOURS, 0 = off) to DATA_DIR/backups or, with S3, the
   * bucket under backups/; the newest BACKUP_KEEP are kept. Refused with DATABASE_URL (PostgreSQL: pg_dump).
   */
  backup: { everyHours: number; keep: number };
  /** The bearer token /metrics asks for (METRICS_TOKEN); null: no /metrics at all. */
  metricsToken: string | null;
  /**
   * On SIGTERM or SIGINT, how long requests under way may take before their connections are cut
   * (SHUTDOWN_GRACE_SECONDS).
   */
  shutdownGraceSeconds: number;
  /** The shop's time zone (TZ; default the system's): the products form shows and takes scheduled times in it. */
  timeZone: string;
  /** How often the scheduler looks for due status changes (SCHEDULE_CHECK_SECONDS; server/core/schedule.ts). */
  scheduleCheckSeconds: number;
}

const int = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int(error).min(min, error).max(max, error);
};
const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const Env = z.object({
  PORT: int(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.email('must be an email address').default('console@localhost'),
  PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  ADMIN_EMAIL: optional.pipe(z.email('must be an email address').optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(8, 'must be at least 8 characters').max(128).optional()),
  AUTH_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  SESSION_IDLE_HOURS: int(1, 24 * 90).default(24 * 7),
  SESSION_ABSOLUTE_HOURS: int(1, 24 * 365).default(24 * 30),
  SESSION_CACHE_SECONDS: int(0, 3600).default(60),
  SIGNIN_FAILURES_PER_HOUR: int(1, 99).default(10),
  REQUIRE_2FA: z.enum(SECOND_FACTOR_POLICIES, { error: 'must be off, admins or all' }).default('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
  APP_VERSION: optional,
  UPLOAD_MAX_MB: int(1, 1024).default(32),
  IMAGE_MAX_MEGAPIXELS: int(1, 250).default(40),
  HISTORY_KEEP_DAYS: int(1, 36500).optional(),
  S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  STOREFRONT_ENABLED: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  STOREFRONT_ORIGINS: optional.pipe(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(
              isOrigin,
              'must be http(s) origins (scheme, host and port; no path or trailing slash) separated by commas',
            ),
        ),
      )
      .optional(),
  ),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  PUBLIC_REQUESTS_PER_MINUTE: int(0, 1_000_000).default(600),
  BACKUP_EVERY_HOURS: int(0, 24 * 30).default(0),
  BACKUP_KEEP: int(1, 1000).default(7),
  TRUST_PROXY: optional.pipe(
    z
      .string()
      .transform((v, ctx): boolean | number | string[] => {
        if (v === 'true' || v === 'false') return v === 'true';
        if (/^\d{1,2}$/.test(v)) return Number(v);
        const list = v
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        if (list.length === 0 || !list.every(isAddressOrRange)) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be true, false, a number of proxies, or their addresses (IP or CIDR) separated by commas',
          });
          return z.NEVER;
        }
        return list;
      })
      .optional(),
  ),
  METRICS_TOKEN: optional.pipe(
    z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(256, 'must be at most 256 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
  ),
  SHUTDOWN_GRACE_SECONDS: int(1, 3600).default(10),
  TZ: optional.pipe(
    z.string().refine(knownTimeZone, 'must be an IANA time zone name such as Europe/Stockholm').optional(),
  ),
  SCHEDULE_CHECK_SECONDS: int(1, 3600).default(30),
});

/** An IP address, or one with a /prefix (CIDR), as TRUST_PROXY lists them. */
function isAddressOrRange(a: string): boolean {
  const [ip = '', bits, ...rest] = a.split('/');
  const version = isIP(ip);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** True for a bare http(s) origin, exactly as a browser sends it in Origin (https://shop.example, http://host:8080). */
function isOrigin(o: string): boolean {
  return URL.canParse(o) && /^https?:$/.test(new URL(o).protocol) && new URL(o).origin === o;
}

const S3_VARS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Thrown with one line per bad setting. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

/** Reads and checks the environment; generates and keeps secrets that were not given. */
/** `terminal`: whether stdout is a terminal (a person reading), for LOG_FORMAT's default. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  version = packageVersion(),
  terminal = process.stdout.isTTY === true,
): Config {
  // An empty variable counts as not set (PORT= must not mean a random port).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = Env.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${String(i.path[0])}: ${textOf(i.message, 'en')} (got ${shown(String(i.path[0]), env[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const s3Given = S3_VARS.some((k) => e[k]) || Boolean(e.S3_ENDPOINT);
  const s3Missing = s3Given ? S3_VARS.filter((k) => !e[k]) : [];
  if (s3Missing.length > 0) {
    throw new ConfigError(s3Missing.map((k) => `${k}: must be set when any S3_ setting is (got undefined)`));
  }
  if (e.BACKUP_EVERY_HOURS > 0 && e.DATABASE_URL) {
    throw new ConfigError([
      `BACKUP_EVERY_HOURS: backs up the SQLite database only; on PostgreSQL (DATABASE_URL is set) back ` +
        `up with pg_dump, as the README says (got ${shown('BACKUP_EVERY_HOURS', env.BACKUP_EVERY_HOURS)})`,
    ]);
  }
  const dataDir = resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustedOrigins: e.PUBLIC_URL
      ? [new URL(e.PUBLIC_URL).origin]
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`],
    adminEmail: e.ADMIN_EMAIL?.toLowerCase() ?? null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    authSecret: e.AUTH_SECRET ?? keptSecret(dataDir, 'auth-secret'),
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    signinFailuresPerHour: e.SIGNIN_FAILURES_PER_HOUR,
    require2fa: e.REQUIRE_2FA,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    imageMaxPixels: e.IMAGE_MAX_MEGAPIXELS * 1_000_000,
    historyKeepDays: e.HISTORY_KEEP_DAYS ?? null,
    s3: s3Given
      ? {
          endpoint: e.S3_ENDPOINT ?? null,
          bucket: e.S3_BUCKET!,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        }
      : null,
    version: e.APP_VERSION ?? version,
    storefront: { enabled: e.STOREFRONT_ENABLED === 'true', origins: e.STOREFRONT_ORIGINS ?? [] },
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
    publicRequestsPerMinute: e.PUBLIC_REQUESTS_PER_MINUTE,
    trustProxy: e.TRUST_PROXY ?? false,
    backup: { everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP },
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    timeZone: e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    scheduleCheckSeconds: e.SCHEDULE_CHECK_SECONDS,
  };
}

/** The console's version: package.json's, the one source (the browser bundle takes it from there at build too). */
export const packageVersion = (): string => pkg.version;

const SECRET_VARS = new Set(['ADMIN_PASSWORD', 'AUTH_SECRET', 'METRICS_TOKEN']);

/** A bad value as the error line shows it: secrets hidden, passwords inside addresses masked. */
function shown(name: string, value: string | undefined): string {
  if (value !== undefined && SECRET_VARS.has(name)) return `a value of ${value.length} characters`;
  return JSON.stringify(value?.replace(/\/\/[^/@]*@/, '//***@'));
}

/** A random secret made once and kept in DATA_DIR so restarts keep sessions valid. */
function keptSecret(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
