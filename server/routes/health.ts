import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** GET /api/health: answers once the database does. */
export function healthRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; version: string }): void {
  app.get('/api/health', { config: { access: 'public' }, schema: { tags: ['system'] } }, async () => {
    await sql`select 1`.execute(deps.db);
    return { ok: true, version: deps.version };
  });
}
