import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Auth } from '../auth/index.js';
import { MeUpdate, User } from '../../domain/users.js';
import { updateMe } from '../core/users.js';
import { syncDisplayName } from '../auth/register.js';

/** GET /api/me and PATCH /api/me: the signed-in user's own record. */
export function meRoutes(app: FastifyInstance, deps: { db: Kysely<Database>; auth: Auth }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/me', { config: { access: 'signedIn' }, schema: { tags: ['me'], response: { 200: User } } }, async (req) => req.user!);
  r.patch(
    '/api/me',
    { config: { access: 'signedIn' }, schema: { tags: ['me'], body: MeUpdate, response: { 200: User } } },
    async (req) => {
      const user = await updateMe(deps.db, req.user!.uid, req.body);
      await syncDisplayName(deps.auth, user.uid, user);
      return user;
    },
  );
}
