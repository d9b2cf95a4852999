import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import {
  accessOf,
  filterParamsOf,
  hasSearch,
  accessLevels,
  type ResourceDescription,
} from '../../domain/resourceDescription.js';
import { HistoryPage, HistoryPaging } from '../../domain/history.js';
import { searchText } from '../../domain/text.js';
import { bulkRequestFor, schemasOf } from '../../domain/recordSchemas.js';
import { BULK_MAX } from '../../domain/bulk.js';
import { recordImportRequest, RecordImportResult, type RecordImportRow } from '../../domain/recordCsv.js';
import { textOf } from '../../domain/translate.js';
import {
  createRecord,
  deleteRecord,
  findRecord,
  getRecord,
  listQueryOf,
  listRecordIds,
  listRecords,
  recordBulk,
  sortKeyOf,
  recordUndo,
  updateRecord,
  withReferenceLabels,
  withThumbnails,
} from '../core/described.js';
import { importRecords } from '../core/recordImport.js';
import { usedBy } from '../core/pointers.js';
import { UsedBy } from '../../domain/usedBy.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { localeOf } from '../http/locale.js';
import { copyImages } from '../core/files.js';
import type { FileStore } from '../files/store.js';
import { DuplicateCopies } from '../../domain/products.js';
import { ScheduledChange, ScheduledChangeCreate, ScheduledChanges } from '../../domain/scheduledChanges.js';
import { addScheduled, cancelScheduled, listScheduled, withScheduled } from '../core/scheduledChanges.js';
import { listRoute } from './pages.js';
import { historyPage, refuseUnknownOf, undoRoutes } from './history.js';
import { bulkRoutes } from './bulk.js';

const Params = z.object({ id: searchText(64).min(1) });
const IfMatch = z.object({ 'if-match': z.string().optional() });
/** The largest import body, as the products' (routes/products.ts). */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * /api/<name> for a described resource, from its description alone: the keyset list with the exact search and the
 * partial-name search (?q=), one record, add, edit and delete with If-Match, the record's history and the undo of one
 * of its changes, and the CSV import. Who may call each comes from its access (domain/resourceDescription.ts,
 * accessOf): read, edit (add, change, import, undo) and delete; with `duplicate: true`, the copies of a record's images
 * for Add to start from; with `schedule`, its scheduled changes (/api/<name>/:id/schedule); with `bulk: true`, bulk
 * edit (routes/bulk.ts); its 'Used by' (/:id/usedby). `all`: every described resource (a delete is refused while
 * another record points to it).
 */
export function recordRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  r: ResourceDescription,
  all: readonly ResourceDescription[],
  store: FileStore,
): void {
  const schemas = schemasOf(r);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = accessOf(r);
  const read = { access: access.read };
  // A change needs the read level too (domain/resourceDescription.ts, accessLevels).
  const edit = { access: accessLevels(r, 'edit') };
  const path = `/api/${r.name}`;
  const tags = [r.name];
  // Every answer of a record carries its references' labels (core/described.ts, withReferenceLabels), its images'
  // thumbnails (withThumbnails), and with `schedule` its pending changes (core/scheduledChanges.ts, withScheduled: the
  // list's mark).
  const labelled = async <T extends Record<string, unknown>>(recs: T[]) =>
    withScheduled(db, r, withThumbnails(r, await withReferenceLabels(db, r, all, recs)));
  const withTag = async <T extends { version: number }>(
    reply: { header(k: string, v: string): unknown },
    rec: T,
  ): Promise<T> => {
    reply.header('ETag', `"${rec.version}"`);
    return (await labelled([rec]))[0]!;
  };

  // The order (sort, order, lang) and each filter (filtersOf), checked by listQueryOf; `q` only where it searches.
  const listFilters = Object.fromEntries(
    [...(hasSearch(r) ? ['q'] : []), 'sort', 'order', 'lang', ...filterParamsOf(r)].map((k) => [
      k,
      searchText(200).optional(),
    ]),
  );
  listRoute(app, db, {
    path,
    area: r.area,
    access: access.read,
    item: schemas.item,
    filters: listFilters,
    list: async (d, opts) => {
      const query = opts.filter as Record<string, string | undefined>;
      const { sort, filter } = listQueryOf(r, query);
      const page = await listRecords(d, r, { ...opts, q: query.q, sort, filter });
      return { ...page, items: await labelled(page.items) };
    },
    cursorOf: (rec, query) => [
      sortKeyOf(r, rec, listQueryOf(r, query as Record<string, string | undefined>).sort),
      rec.id,
    ],
    search: {
      param: r.search,
      max: 256,
      find: async (d, term) => {
        const hit = await findRecord(d, r, term);
        return hit && (await labelled([hit]))[0]!;
      },
    },
  });

  typed.get(
    `${path}/:id`,
    { config: read, schema: { tags, params: Params, response: { 200: schemas.item } } },
    async (req, reply) => withTag(reply, await getRecord(db, r, req.params.id)),
  );

  typed.post(
    path,
    { config: edit, schema: { tags, body: schemas.create, response: { 201: schemas.item } } },
    async (req, reply) => {
      const rec = await createRecord(db, r, req.user!, req.body as Record<string, unknown>);
      return reply.code(201).send(await withTag(reply, rec));
    },
  );

  typed.patch(
    `${path}/:id`,
    {
      config: edit,
      schema: { tags, params: Params, headers: IfMatch, body: schemas.update, response: { 200: schemas.item } },
    },
    async (req, reply) =>
      withTag(
        reply,
        await updateRecord(
          db,
          r,
          req.user!,
          req.params.id,
          ifMatchVersion(req.headers['if-match']),
          req.body as Record<string, unknown>,
        ),
      ),
  );

  typed.delete(
    `${path}/:id`,
    { config: { access: accessLevels(r, 'delete') }, schema: { tags, params: Params, headers: IfMatch } },
    async (req, reply) => {
      await deleteRecord(db, r, all, req.user!, req.params.id, ifMatchVersion(req.headers['if-match']));
      return reply.code(204).send();
    },
  );

  // Its 'Used by': per resource and field pointing here, how many records do, of the resources the caller may read.
  typed.get(
    `${path}/:id/usedby`,
    { config: read, schema: { tags, params: Params, response: { 200: UsedBy } } },
    async (req) => {
      await getRecord(db, r, req.params.id);
      return usedBy(db, r.name, all, req.params.id, req.user);
    },
  );

  typed.get(
    `${path}/:id/history`,
    {
      config: read,
      schema: { tags, params: Params, querystring: HistoryPaging, response: { 200: HistoryPage } },
      preValidation: refuseUnknownOf(HistoryPaging),
    },
    async (req) =>
      historyPage(db, { record: { kind: 'record', id: req.params.id, resource: r.name } }, req.query, all, req.user),
  );

  undoRoutes(app, db, {
    paths: [`${path}/history/:entry/undo`],
    access: edit.access,
    tags,
    response: schemas.item,
    target: recordUndo(r),
    shown: async (rec) => (await labelled([rec]))[0]!,
  });

  if (r.duplicate)
    // Duplicate (the edit page): copies of each images field's files, new files of the caller's, for Add to start
    // from with the record's other values (the browser has those already).
    typed.post(
      `${path}/:id/duplicate`,
      { config: edit, schema: { tags, params: Params, response: { 200: DuplicateCopies } } },
      async (req) => {
        const rec = (await getRecord(db, r, req.params.id)) as Record<string, unknown>;
        const out: DuplicateCopies = {};
        for (const [field, spec] of Object.entries(r.fields)) {
          if (spec.kind !== 'images') continue;
          const copies = await copyImages(db, store, req.user!.uid, rec[field] as string[]);
          out[field] = { images: copies.map((c) => c.address), thumbnails: copies.map((c) => c.thumbnail) };
        }
        return out;
      },
    );

  if (r.schedule) {
    // Scheduled changes (the edit page's 'Schedule a change'): a record's pending changes, one added (a field of
    // `schedule`, a value its rule takes, a time to come), one cancelled; for those who may edit it.
    const Change = Params.extend({ change: searchText(64).min(1) });
    typed.get(
      `${path}/:id/schedule`,
      { config: edit, schema: { tags, params: Params, response: { 200: ScheduledChanges } } },
      async (req) => ({ items: await listScheduled(db, r, req.params.id) }),
    );
    typed.post(
      `${path}/:id/schedule`,
      {
        config: edit,
        schema: { tags, params: Params, body: ScheduledChangeCreate, response: { 201: ScheduledChange } },
      },
      async (req, reply) => reply.code(201).send(await addScheduled(db, r, req.user!, req.params.id, req.body)),
    );
    typed.delete(
      `${path}/:id/schedule/:change`,
      { config: edit, schema: { tags, params: Change } },
      async (req, reply) => {
        await cancelScheduled(db, r, req.params.id, req.params.change);
        return reply.code(204).send();
      },
    );
  }
  if (r.bulk)
    // Bulk edit (the list's checkboxes): what 'Select all N matching' selects, the change and its Undo, for editors.
    bulkRoutes(app, db, {
      path,
      tags,
      access: edit.access,
      query: z.object(listFilters).strict(),
      ids: async (query) => {
        const q = query as Record<string, string | undefined>;
        const { sort, filter } = listQueryOf(r, q);
        return listRecordIds(db, r, { q: q.q, sort, filter }, BULK_MAX);
      },
      request: bulkRequestFor(r),
      target: recordBulk(r),
    });

  typed.post(
    `${path}/import`,
    {
      config: edit,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: recordImportRequest(r), response: { 200: RecordImportResult } },
    },
    async (req) => {
      const body = req.body as { rows: RecordImportRow[]; apply: boolean };
      const result = await importRecords(db, r, req.user!, body.rows, body.apply);
      // Each row's problems in the caller's language, as error answers are (http/locale.ts).
      const locale = localeOf(req);
      const rows = result.rows.map((row) => ({
        ...row,
        errors: row.errors.map((e) => ({ ...e, message: textOf(e.message, locale) })),
      }));
      return { ...result, rows };
    },
  );
}
