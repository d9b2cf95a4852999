import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { DuplicateImages, Product, ProductCreate, ProductUpdate } from '../../domain/products.js';
import { ScheduleSettings } from '../../domain/schedule.js';
import type { FileStore } from '../files/store.js';
import { copyImages } from '../core/files.js';
import { areaAccess } from '../../domain/permissions.js';
import {
  createProduct,
  findProductBySku,
  getProduct,
  listProducts,
  updateProduct,
  type ProductFilter,
} from '../core/products.js';
import { TRANSLATED_LANGUAGES, type TranslatedLanguage } from '../../domain/productFields.js';
import { listRoute } from './pages.js';
import { searchText } from '../../domain/text.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { localeOf } from '../http/locale.js';
import { textOf } from '../../domain/translate.js';
import { ImportRequest, ImportResult } from '../../domain/productImport.js';
import { importProducts } from '../core/productImport.js';
import { deleteProduct } from '../core/productDelete.js';
import { usedBy } from '../core/pointers.js';
import { UsedBy } from '../../domain/usedBy.js';
import { productDescription } from '../../domain/productFields.js';
import {
  accessLevels,
  filterParamsOf,
  referencesOf,
  type ResourceDescription,
} from '../../domain/resourceDescription.js';
import { filterConditionsOf, withReferenceLabels } from '../core/described.js';

/** The largest import body: 10,000 rows of long details fit; the console's other bodies stay at the global 1 MiB. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

const Params = z.object({ id: searchText(64).min(1) });

/**
 * The list's search and filters (the bulk edit's 'Select all N matching' takes the same, routes/productBulk.ts): the
 * products' own (a partial-name search, a language missing, a scheduled time to come) and the engine's by field, from
 * the description (a category, a status and any field it adds: filterParamsOf), each checked by productFilterOf.
 */
export const productFilters = {
  q: searchText(200).optional(),
  // Products whose name or details in this language are missing ('Swedish missing').
  missing: z.enum(TRANSLATED_LANGUAGES as [TranslatedLanguage, ...TranslatedLanguage[]]).optional(),
  // Products with an 'active from' or 'active until' time not yet applied.
  scheduled: z
    .literal('true')
    .transform(() => true)
    .optional(),
  ...Object.fromEntries(filterParamsOf(productDescription).map((k) => [k, searchText(200).optional()])),
};

/** A products list's query (productFilters, checked) as the list reads it; a bad value of a field's filter: 400. */
export function productFilterOf(query: Readonly<Record<string, unknown>>): ProductFilter {
  const { q, missing, scheduled } = query as ProductFilter;
  return {
    ...(q !== undefined ? { q } : {}),
    ...(missing !== undefined ? { missing } : {}),
    ...(scheduled !== undefined ? { scheduled } : {}),
    fields: filterConditionsOf(productDescription, query as Record<string, string | undefined>),
  };
}

/**
 * /api/products: the editor's list, SKU search, add, edit, duplicate and CSV import; /api/schedule. Delete only when
 * the products' description says who may (`access.delete`; the specification has none): `description` is the
 * console's own unless a test gives another; `records`, the described resources whose references a delete checks.
 */
export function productsRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    store: FileStore;
    timeZone: string;
    description?: ResourceDescription;
    all?: readonly ResourceDescription[];
  },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = { access: areaAccess.products };
  // Every answer of a product carries its references' labels, as a described record's (core/described.ts); with no
  // reference field (the specification's products) the answer is passed on as it is, no step added to a read.
  const pointing = referencesOf(productDescription).length > 0;
  const labelled = async (items: Product[]): Promise<Product[]> =>
    pointing ? withReferenceLabels(deps.db, productDescription, deps.all ?? [], items) : items;
  const one = async (p: Product): Promise<Product> => (pointing ? (await labelled([p]))[0]! : p);

  listRoute(app, deps.db, {
    path: '/api/products',
    area: 'products',
    item: Product,
    // Narrowed by any part of the name or SKU and by each field's filter (productFilterOf).
    list: async (db, { filter, ...opts }) => {
      const page = await listProducts(db, opts, productFilterOf(filter));
      return { ...page, items: await labelled(page.items) };
    },
    filters: productFilters,
    cursorOf: (p) => [p.sku, p.id],
    search: {
      param: 'sku',
      max: 64,
      find: async (db, sku) => {
        const hit = await findProductBySku(db, sku);
        return hit && one(hit);
      },
    },
  });

  r.get(
    '/api/products/:id',
    { config: editor, schema: { tags: ['products'], params: Params, response: { 200: Product } } },
    async (req, reply) => {
      const product = await getProduct(deps.db, req.params.id);
      void reply.header('ETag', `"${product.version}"`);
      return one(product);
    },
  );

  r.post(
    '/api/products',
    { config: editor, schema: { tags: ['products'], body: ProductCreate, response: { 201: Product } } },
    async (req, reply) => {
      const product = await createProduct(deps.db, req.user!, req.body);
      return reply
        .code(201)
        .header('ETag', `"${product.version}"`)
        .send(await one(product));
    },
  );

  r.patch(
    '/api/products/:id',
    {
      config: editor,
      schema: {
        tags: ['products'],
        params: Params,
        headers: z.object({ 'if-match': z.string().optional() }),
        body: ProductUpdate.extend({ sku: z.string().optional() }),
        response: { 200: Product },
      },
    },
    async (req, reply) => {
      const product = await updateProduct(
        deps.db,
        req.user!,
        req.params.id,
        ifMatchVersion(req.headers['if-match']),
        req.body,
      );
      void reply.header('ETag', `"${product.version}"`);
      return one(product);
    },
  );

  const description = deps.description ?? productDescription;
  if (description.access?.delete)
    r.delete(
      '/api/products/:id',
      {
        // Its read level too (domain/resourceDescription.ts, accessLevels), as a described resource's delete.
        config: { access: accessLevels(description, 'delete') },
        schema: { tags: ['products'], params: Params, headers: z.object({ 'if-match': z.string().optional() }) },
      },
      async (req, reply) => {
        const version = ifMatchVersion(req.headers['if-match']);
        await deleteProduct(deps.db, deps.all ?? [], req.user!, req.params.id, version);
        return reply.code(204).send();
      },
    );

  // Its 'Used by', as a described record's (routes/described.ts): per resource and field pointing here, how many of
  // its records do, of the resources the caller may read; none while no described resource points to products.
  r.get(
    '/api/products/:id/usedby',
    { config: editor, schema: { tags: ['products'], params: Params, response: { 200: UsedBy } } },
    async (req) => {
      await getProduct(deps.db, req.params.id);
      return usedBy(deps.db, 'products', deps.all ?? [], req.params.id, req.user);
    },
  );

  // Duplicate (the edit page): copies of the product's images, new files of the caller's, for Add Product to start
  // from with the product's other fields; the browser has those already.
  r.post(
    '/api/products/:id/duplicate',
    { config: editor, schema: { tags: ['products'], params: Params, response: { 200: DuplicateImages } } },
    async (req) => {
      const product = await getProduct(deps.db, req.params.id);
      const copies = await copyImages(deps.db, deps.store, req.user!.uid, product.images);
      return { images: copies.map((c) => c.address), thumbnails: copies.map((c) => c.thumbnail) };
    },
  );

  // The shop's time zone, in which the products form shows and takes scheduled times (TZ).
  r.get(
    '/api/schedule',
    { config: editor, schema: { tags: ['products'], response: { 200: ScheduleSettings } } },
    async () => ({
      timeZone: deps.timeZone,
      available: true,
    }),
  );

  r.post(
    '/api/products/import',
    {
      config: editor,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags: ['products'], body: ImportRequest, response: { 200: ImportResult } },
    },
    async (req) => {
      const result = await importProducts(deps.db, req.user!, req.body.rows, req.body.apply);
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
