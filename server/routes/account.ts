import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { Auth } from '../auth/index.js';
import type { AccountEvents } from '../core/accountEvents.js';
import { AccountSessions, EndedSessions, SessionId } from '../../domain/account.js';
import { areaAccess } from '../../domain/permissions.js';
import { searchText } from '../../domain/text.js';
import { endSessionOf, endSessionsOf, listSessionsOf } from '../auth/sessions.js';
import { findUser } from '../core/users.js';
import { DomainError } from '../core/errors.js';
import { said } from '../../domain/translate.js';

interface Deps {
  db: Kysely<Database>;
  auth: Auth;
  events: AccountEvents;
  /** SESSION_ABSOLUTE_HOURS in ms: a session older than this is not listed (its next use ends it). */
  absoluteMs: number;
}

/**
 * Account Settings → Sessions (the signed-in person's own sessions, by id: their tokens never reach the page) and an
 * admin's 'Sign out everywhere' on Edit User. Ending a session deletes its row, which every instance's session check
 * reads (and which moves the user's generation on, so no instance keeps it: server/auth/generations.ts).
 */
export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { access: areaAccess.account };

  r.get(
    '/api/me/sessions',
    { config: own, schema: { tags: ['me'], response: { 200: AccountSessions } } },
    async (req) => ({
      items: await listSessionsOf(deps.db, req.user!.uid, req.sessionId, deps.absoluteMs),
    }),
  );

  r.delete('/api/me/sessions/:id', { config: own, schema: { tags: ['me'], params: SessionId } }, async (req, reply) => {
    const uid = req.user!.uid;
    if (!(await endSessionOf(deps.auth, deps.db, uid, req.params.id)))
      throw new DomainError('not_found', said('account.sessions.notFound'));
    await deps.events.sessionsEnded(uid, uid, 1, { ip: req.ip, userAgent: req.headers['user-agent'] });
    return reply.code(204).send();
  });

  r.delete(
    '/api/users/:id/sessions',
    {
      config: { access: areaAccess.users },
      schema: { tags: ['users'], params: z.object({ id: searchText(64).min(1) }), response: { 200: EndedSessions } },
    },
    async (req) => {
      const user = await findUser(deps.db, req.params.id);
      if (!user) throw new DomainError('not_found', said('users.notFound'));
      const ended = await endSessionsOf(deps.auth, deps.db, user.uid);
      await deps.events.sessionsEnded(req.user!.uid, user.uid, ended, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      return { ended };
    },
  );
}
