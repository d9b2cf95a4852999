import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { Auth } from '../auth/index.js';
import type { Mailer } from '../mail/index.js';
import { AddUser, User, UserFlagsUpdate, USER_SHOWS } from '../../domain/users.js';
import { USERS_STORE_DEFAULT_LIMIT } from '../../domain/constants.js';
import { areaAccess } from '../../domain/permissions.js';
import { changeFlags, findUser, findUserByEmail, listUsers, newestUsers } from '../core/users.js';
import { inviteUser } from '../auth/register.js';
import { DomainError } from '../core/errors.js';
import { listRoute } from './pages.js';
import { searchText } from '../../domain/text.js';
import { localeOf } from '../http/locale.js';
import { said } from '../../domain/translate.js';

interface Deps {
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
}

const Params = z.object({ id: searchText(64).min(1) });

/** /api/users: the admin's list, email search, newest card, flags and 'Add user'. */
export function usersRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: areaAccess.users };

  listRoute(app, deps.db, {
    path: '/api/users',
    area: 'users',
    item: User,
    list: listUsers,
    cursorOf: (u) => [u.created, u.uid],
    search: { param: 'email', max: 320, find: findUserByEmail },
    filters: { show: z.enum(USER_SHOWS).optional() },
  });

  r.get(
    '/api/users/newest',
    {
      config: admin,
      schema: {
        tags: ['users'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(20).default(USERS_STORE_DEFAULT_LIMIT) }),
        response: { 200: z.object({ items: z.array(User) }) },
      },
    },
    async (req) => ({ items: await newestUsers(deps.db, req.query.limit) }),
  );

  r.get(
    '/api/users/:id',
    { config: admin, schema: { tags: ['users'], params: Params, response: { 200: User } } },
    async (req) => {
      const user = await findUser(deps.db, req.params.id);
      if (!user) throw new DomainError('not_found', said('users.notFound'));
      return user;
    },
  );

  r.patch(
    '/api/users/:id',
    { config: admin, schema: { tags: ['users'], params: Params, body: UserFlagsUpdate, response: { 200: User } } },
    async (req) => {
      const { user } = await changeFlags(deps.db, req.user!, req.params.id, req.body);
      return user;
    },
  );

  r.post(
    '/api/users',
    { config: admin, schema: { tags: ['users'], body: AddUser, response: { 201: User } } },
    async (req, reply) => {
      const user = await inviteUser(
        deps.auth,
        deps.db,
        deps.mailer,
        deps.publicUrl,
        AddUser.parse(req.body),
        localeOf(req),
        req.user!.uid,
      );
      return reply.code(201).send(user);
    },
  );
}
