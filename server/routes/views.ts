import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import type { RoleFlags } from '../../domain/permissions.js';
import { accessOf, mayOnResource, viewKeysOf, type ResourceDescription } from '../../domain/resourceDescription.js';
import { PRODUCTS_VIEWS, SavedView, ViewCreate, ViewParams, ViewResource } from '../../domain/views.js';
import { said } from '../../domain/translate.js';
import { DomainError } from '../core/errors.js';
import { createView, deleteView, listViews } from '../core/views.js';
import { listQueryOf } from '../core/described.js';

const tags = ['views'];

/**
 * The parameters a view of `d`'s list may hold, checked as the list checks them: the products' own (ViewParams), or a
 * described list's search, order and filters (viewKeysOf, listQueryOf), each refused naming its parameter.
 */
function checkedParams(d: ResourceDescription, params: Record<string, string>): Record<string, string> {
  if (d.name === PRODUCTS_VIEWS) {
    const parsed = ViewParams.safeParse(params);
    const name = String(parsed.error?.issues[0]?.path[0] ?? 'params');
    if (!parsed.success) throw new DomainError('validation', said('errors.badParameter', { name }));
    return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Record<string, string>;
  }
  const keys = viewKeysOf(d);
  const unknown = Object.keys(params).find((k) => !keys.includes(k));
  if (unknown !== undefined) throw new DomainError('validation', said('errors.badParameter', { name: unknown }));
  listQueryOf(d, params);
  return params;
}

/**
 * /api/views: saved views of a list (?resource=, the products' when left out) whose description keeps them
 * (`views: true`), for those who may read it, each person's own or shared. `all`: the served descriptions.
 */
export function viewsRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; all: readonly ResourceDescription[] },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const kept = new Map(deps.all.filter((d) => d.views === true).map((d) => [d.name, d]));
  // Who may is the list's own read access, checked per call (listOf); at the door, the level every such list needs
  // when they all need one (editors, today), else being signed in.
  const levels = new Set([...kept.values()].map((d) => accessOf(d).read));
  const config = { access: levels.size === 1 ? [...levels][0]! : ('signedIn' as const) };
  const mayRead = (user: RoleFlags, name: string): boolean => {
    const d = kept.get(name);
    return d !== undefined && mayOnResource(user, d, 'read');
  };
  /** The list a call names, once the caller may read it (a list keeping no views is not found). */
  const listOf = (user: RoleFlags, name: string): ResourceDescription => {
    const d = kept.get(name);
    if (!d) throw new DomainError('not_found', said('views.notKept'));
    if (!mayOnResource(user, d, 'read')) throw new DomainError('forbidden', said('errors.forbidden'));
    return d;
  };

  r.get(
    '/api/views',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ resource: ViewResource }).strict(),
        response: { 200: z.object({ items: z.array(SavedView), next: z.null() }) },
      },
    },
    async (req) => ({
      items: await listViews(deps.db, req.user!.uid, listOf(req.user!, req.query.resource).name),
      next: null,
    }),
  );

  r.post(
    '/api/views',
    { config, schema: { tags, body: ViewCreate, response: { 201: SavedView } } },
    async (req, reply) => {
      const d = listOf(req.user!, req.body.resource);
      const params = checkedParams(d, req.body.params);
      return reply.code(201).send(await createView(deps.db, req.user!.uid, { ...req.body, resource: d.name, params }));
    },
  );

  r.delete(
    '/api/views/:id',
    { config, schema: { tags, params: z.object({ id: z.string().max(64) }) } },
    async (req, reply) => {
      await deleteView(deps.db, req.user!, req.params.id, (name) => mayRead(req.user!, name));
      return reply.code(204).send();
    },
  );
}
