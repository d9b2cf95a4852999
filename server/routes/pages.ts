import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { areaAccess, type Access, type Area } from '../../domain/permissions.js';
import { PAGE_SIZE } from '../../domain/constants.js';
import { searchText } from '../../domain/text.js';
import { DomainError } from '../core/errors.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { said } from '../../domain/translate.js';

/** What a resource's list says of itself: who may read it, how it pages, and its exact-match search. */
export interface ListDescriptor<T> {
  /** The address, e.g. /api/products. */
  path: string;
  /** Its area of the role matrix (domain/permissions.ts): the one place that says who may call. */
  area: Area;
  /** Who may read it, where that is not its area's level (a described resource's `access.read`). */
  access?: Access;
  /** Its items' schema (the answer is serialized from it, so nothing else leaks). */
  item: z.ZodType<T>;
  /**
   * One page after an optional cursor, and whether more follow (core's keyset reader), narrowed by the filters given.
   */
  list(
    db: Kysely<Database>,
    opts: { limit: number; after: { key: string; id: string } | null; filter: Record<string, unknown> },
  ): Promise<{ items: T[]; more: boolean }>;
  /** Query parameters that narrow the list (e.g. a partial-name search, a category). */
  filters?: z.ZodRawShape;
  /** The sort key and id of an item, in the order the filters asked for: the cursor of the page after it. */
  cursorOf(item: T, filter: Record<string, unknown>): [key: string, id: string];
  /** The exact-match search: its query parameter, the longest term, and the lookup (at most one hit). */
  search: { param: string; max: number; find(db: Kysely<Database>, term: string): Promise<T | null> };
}

/**
 * Refuses the query parameters a list does not know, naming them (400): `q` where the list has no partial-name search
 * says so. Nothing is read.
 */
export function refuseUnknown(query: unknown, known: ReadonlySet<string>): void {
  const unknown = Object.keys(query && typeof query === 'object' ? query : {}).filter((k) => !known.has(k));
  if (unknown.length === 0) return;
  // A name is said as sent, up to 64 characters (the address may be long).
  const named = unknown.map((k) => (k.length > 64 ? `${k.slice(0, 64)}…` : k));
  const message = (k: string) =>
    k === 'q' ? said('errors.noPartialSearch', { name: k }) : said('errors.unknownParameter', { name: k });
  throw new DomainError(
    'validation',
    message(named[0]!),
    named.map((k) => ({ path: `/${k}`, message: message(k) })),
  );
}

/** GET <path>?limit&after (keyset pages, 'More' until next is null) and GET <path>?<param>=X (exact, at most one). */
export function listRoute<T>(app: FastifyInstance, db: Kysely<Database>, d: ListDescriptor<T>): void {
  const query = z.object({
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    after: z.string().max(500).optional(),
    [d.search.param]: searchText(d.search.max).optional(),
    ...d.filters,
  });
  const filterKeys = Object.keys(d.filters ?? {});
  const known = new Set(Object.keys(query.shape));
  const page = z.object({ items: z.array(d.item), next: z.string().nullable() });
  app.withTypeProvider<ZodTypeProvider>().get(
    d.path,
    {
      config: { access: d.access ?? areaAccess[d.area] },
      schema: { tags: [d.area], querystring: query, response: { 200: page } },
      // Before the schema's check: a parameter the list does not know is refused by its name, not ignored. A callback,
      // so a list or search request makes no promise for it.
      preValidation: (req, _reply, done) => {
        try {
          refuseUnknown(req.query, known);
        } catch (err) {
          return done(err as Error);
        }
        done();
      },
    },
    async (req) => {
      const q = req.query as { limit: number; after?: string } & Record<string, string | undefined>;
      const term = q[d.search.param];
      if (term !== undefined) {
        const hit = await d.search.find(db, term);
        return { items: hit ? [hit] : [], next: null };
      }
      const after = q.after ? decodeCursor(q.after) : null;
      if (q.after && !after) throw new DomainError('validation', said('errors.badCursor'));
      const filter = Object.fromEntries(filterKeys.filter((k) => q[k] !== undefined).map((k) => [k, q[k]]));
      const { items, more } = await d.list(db, { limit: q.limit, after, filter });
      const tail = items.at(-1);
      return { items, next: more && tail ? encodeCursor(...d.cursorOf(tail, filter)) : null };
    },
  );
}
