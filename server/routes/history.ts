import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { ActivityQuery, HistoryId, HistoryPage, HistoryPaging, type HistoryKind } from '../../domain/history.js';
import { LanguageId } from '../../domain/languages.js';
import { Product } from '../../domain/products.js';
import { areaAccess, meets, type Access, type Area, type RoleFlags } from '../../domain/permissions.js';
import { searchText } from '../../domain/text.js';
import { listHistory, type HistoryFilter } from '../core/history.js';
import { withActorEmails } from '../core/actorEmails.js';
import { productUndo, undoEntry, type UndoTarget } from '../core/historyUndo.js';
import { DomainError } from '../core/errors.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { said } from '../../domain/translate.js';
import { refuseUnknown } from './pages.js';
import { mayOnResource, type ResourceDescription } from '../../domain/resourceDescription.js';

/** The entry id inside a 'More' cursor; refused when the cursor is not one of ours. */
function afterOf(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const c = decodeCursor(cursor);
  if (!c || !/^\d{1,15}$/.test(c.id)) throw new DomainError('validation', said('errors.badCursor'));
  return Number(c.id);
}

/** One page of a filtered history, with the cursor of the next (a described resource's panel too). */
export async function historyPage(
  db: Kysely<Database>,
  filter: HistoryFilter,
  q: { limit: number; after?: string },
  resources: readonly ResourceDescription[] = [],
  reader: RoleFlags | null = null,
): Promise<HistoryPage> {
  const { items, more } = await listHistory(db, filter, { limit: q.limit, after: afterOf(q.after) }, resources);
  const tail = items.at(-1);
  // An admin sees the account behind each name (anyone may call themselves anything); nobody else gets its email.
  const shown = reader && meets(reader, 'admin') ? await withActorEmails(db, items) : items;
  return { items: shown, next: more && tail ? encodeCursor(tail.id, tail.id) : null };
}

/** Before the schema's check, as every list: a parameter a history list does not know is refused by its name. */
export const refuseUnknownOf = (schema: z.ZodObject) => {
  const known = new Set(Object.keys(schema.shape));
  return async (req: { query: unknown }) => refuseUnknown(req.query, known);
};

/** The records whose history a panel shows: each open to the area that edits the record. */
const RECORD_HISTORIES: { path: string; kind: HistoryKind; area: Area; id: z.ZodType<string> }[] = [
  { path: '/api/products/:id/history', kind: 'product', area: 'products', id: searchText(64).min(1) },
  { path: '/api/users/:id/history', kind: 'user', area: 'users', id: searchText(64).min(1) },
  { path: '/api/languages/:id/history', kind: 'language', area: 'languages', id: LanguageId },
];

/** Whose records each kind of entry tells of: Activity shows an entry only to who may read its record. */
const KIND_AREA: Record<Exclude<HistoryKind, 'record'>, Access> = {
  product: areaAccess.products,
  language: areaAccess.languages,
  user: areaAccess.users,
  account: areaAccess.users,
  appStatus: 'public',
};

/** The kinds of entry, and the described resources, whose records this person may read. */
export function readableHistory(
  user: RoleFlags | null | undefined,
  described: readonly ResourceDescription[],
): NonNullable<HistoryFilter['readable']> {
  const kinds = (Object.keys(KIND_AREA) as (keyof typeof KIND_AREA)[]).filter((k) => meets(user, KIND_AREA[k]));
  return { kinds, resources: described.filter((d) => mayOnResource(user, d, 'read')).map((d) => d.name) };
}

/** The change history: one record's (the History panels), everything (the admins' Activity page), and undo. */
export function historyRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; described?: readonly ResourceDescription[] },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const h of RECORD_HISTORIES) {
    r.get(
      h.path,
      {
        config: { access: areaAccess[h.area] },
        schema: {
          tags: ['history'],
          params: z.object({ id: h.id }),
          querystring: HistoryPaging,
          response: { 200: HistoryPage },
        },
        preValidation: refuseUnknownOf(HistoryPaging),
      },
      // The described resources, for the labels of the references a product's entries hold.
      async (req) =>
        historyPage(
          deps.db,
          { record: { kind: h.kind, id: req.params.id } },
          req.query,
          deps.described ?? [],
          req.user,
        ),
    );
  }

  r.get(
    '/api/history',
    {
      config: { access: areaAccess.activity },
      schema: { tags: ['history'], querystring: ActivityQuery, response: { 200: HistoryPage } },
      preValidation: refuseUnknownOf(ActivityQuery),
    },
    async (req) => {
      const { person, kind, action, from, to } = req.query;
      const readable = readableHistory(req.user, deps.described ?? []);
      const filter = { person, kind, action, from, to, readable };
      return historyPage(deps.db, filter, req.query, deps.described, req.user);
    },
  );

  // Products' undo under their own address, as a described resource's; the first address, /api/history/:entry/undo,
  // answers the same (the specification's, kept for callers that use it).
  undoRoutes(app, deps.db, {
    paths: ['/api/products/history/:entry/undo', '/api/history/:entry/undo'],
    access: areaAccess.products,
    tags: ['history'],
    response: Product,
    target: productUndo,
  });
}

/**
 * The one undo route, for products and every described resource (routes/described.ts): POST <path> with the version
 * the editor holds as If-Match sets one recorded change back through the resource's own edit (core/historyUndo.ts)
 * and answers the record (`shown`: as the resource answers it) with its ETag.
 */
export function undoRoutes<T extends { version: number }>(
  app: FastifyInstance,
  db: Kysely<Database>,
  o: {
    paths: readonly string[];
    access: Access | readonly Access[];
    tags: string[];
    response: z.ZodType;
    target: UndoTarget<T>;
    shown?: (record: T) => Promise<T>;
  },
): void {
  for (const path of o.paths)
    app.withTypeProvider<ZodTypeProvider>().post(
      path,
      {
        config: { access: o.access },
        schema: {
          tags: o.tags,
          params: HistoryId,
          headers: z.object({ 'if-match': z.string().optional() }),
          response: { 200: o.response },
        },
      },
      async (req, reply) => {
        const version = ifMatchVersion(req.headers['if-match']);
        const record = await undoEntry(db, o.target, req.user!, Number(req.params.entry), version);
        void reply.header('ETag', `"${record.version}"`);
        return o.shown ? o.shown(record) : record;
      },
    );
}
