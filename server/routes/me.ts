import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Auth } from '../auth/index.js';
import { MeUpdate, User } from '../../domain/users.js';
import { updateMe } from '../core/users.js';
import { syncDisplayName } from '../auth/register.js';
import { hasSecondFactor, policyCovers } from '../auth/twoFactor.js';
import { hasPasskey } from '../auth/passkeys.js';
import { TwoFactorStatus, type SecondFactorPolicy } from '../../domain/twoFactor.js';

/**
 * GET /api/me and PATCH /api/me: the signed-in user's own record; GET /api/me/two-factor: whether they have a second
 * factor and whether REQUIRE_2FA asks them for one. Both reads answer before a required second factor is set up
 * (the set-up page needs them); the change does not.
 */
export function meRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; auth: Auth; require2fa: SecondFactorPolicy },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const beforeSecondFactor = { access: 'signedIn', beforeSecondFactor: true } as const;
  r.get(
    '/api/me',
    { config: beforeSecondFactor, schema: { tags: ['me'], response: { 200: User } } },
    async (req) => req.user!,
  );
  r.get(
    '/api/me/two-factor',
    { config: beforeSecondFactor, schema: { tags: ['me'], response: { 200: TwoFactorStatus } } },
    async (req) => ({
      enabled: await hasSecondFactor(deps.db, req.user!.uid),
      // A passkey meets REQUIRE_2FA too: then the authenticator app is not required of them.
      required: policyCovers(deps.require2fa, req.user!) && !(await hasPasskey(deps.db, req.user!.uid)),
    }),
  );
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
