import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { pendingMigrations } from '../db/migrate.js';

/** How long one part of the readiness answer may take before it counts as failing. */
const PART_MS = 3000;
/** How long the file store's probe answer is kept: a balancer asking every second costs a write every 5 s. */
const PROBE_KEEP_MS = 5000;

/** A part's outcome: 'ok', or what failed, short and without secrets (an error's code or name, never its message). */
async function part(run: () => Promise<string | undefined>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), PART_MS);
  });
  try {
    return await Promise.race([
      run().then(
        (problem) => problem ?? 'ok',
        (err: unknown) => {
          const e = err as { code?: unknown; name?: unknown };
          return `failed: ${typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'error'}`;
        },
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/health: liveness, answers once the database does. GET /api/ready: readiness for a load balancer, 200 when
 * the database answers, its migrations are current and the file store (the folder or the bucket) can be written;
 * otherwise 503 naming the failing parts.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; version: string; store: FileStore; probeCacheMs?: number },
): void {
  // The file store's probe writes (a file, or an object in the bucket): a load balancer asking every second must not
  // write every second, so its answer is kept a moment, and callers meanwhile share it.
  const keepMs = deps.probeCacheMs ?? PROBE_KEEP_MS;
  let probed: { at: number; outcome: Promise<string> } | null = null;
  const probeFiles = (): Promise<string> => {
    if (!probed || Date.now() - probed.at >= keepMs)
      probed = { at: Date.now(), outcome: part(() => deps.store.probe().then(() => undefined)) };
    return probed.outcome;
  };

  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'] } }, async () => {
    await sql`select 1`.execute(deps.db);
    return { ok: true, version: deps.version };
  });

  app.get('/api/ready', { config: { access: 'public' }, schema: { tags: ['system'] } }, async (_req, reply) => {
    const [database, migrations, files] = await Promise.all([
      part(async () => void (await sql`select 1`.execute(deps.db))),
      part(async () => {
        const pending = await pendingMigrations(deps.db);
        return pending.length > 0 ? `pending: ${pending.join(', ')}` : undefined;
      }),
      probeFiles(),
    ]);
    const checks = { database, migrations, files };
    const failing = Object.entries(checks).flatMap(([name, outcome]) => (outcome === 'ok' ? [] : [name]));
    void reply.header('Cache-Control', 'no-store');
    return reply.code(failing.length === 0 ? 200 : 503).send({ ready: failing.length === 0, failing, checks });
  });
}
