import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { Product, ProductCreate, ProductUpdate } from '../../domain/products.js';
import { PAGE_SIZE } from '../../domain/constants.js';
import { createProduct, findProductBySku, getProduct, listProducts, updateProduct } from '../core/products.js';
import { DomainError } from '../core/errors.js';
import { messages } from '../../domain/messages.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { searchText } from '../../domain/text.js';
import { ifMatchVersion } from '../http/ifMatch.js';

const ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  after: z.string().max(500).optional(),
  sku: searchText(64).optional(),
});
const ProductPage = z.object({ items: z.array(Product), next: z.string().nullable() });
const Params = z.object({ id: searchText(64).min(1) });

/** /api/products: the editor's list, SKU search, add and edit. */
export function productsRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = { access: 'editor' } as const;

  r.get('/api/products', { config: editor, schema: { tags: ['products'], querystring: ListQuery, response: { 200: ProductPage } } }, async (req) => {
    const { limit, after, sku } = req.query;
    if (sku !== undefined) {
      const hit = await findProductBySku(deps.db, sku);
      return { items: hit ? [hit] : [], next: null };
    }
    const cursor = after ? decodeCursor(after) : null;
    if (after && !cursor) throw new DomainError('validation', messages.errors.badCursor);
    const page = await listProducts(deps.db, { limit, after: cursor });
    const tail = page.items.at(-1);
    return { items: page.items, next: page.more && tail ? encodeCursor(tail.sku, tail.id) : null };
  });

  r.get('/api/products/:id', { config: editor, schema: { tags: ['products'], params: Params, response: { 200: Product } } }, async (req, reply) => {
    const product = await getProduct(deps.db, req.params.id);
    void reply.header('ETag', `"${product.version}"`);
    return product;
  });

  r.post('/api/products', { config: editor, schema: { tags: ['products'], body: ProductCreate, response: { 201: Product } } }, async (req, reply) => {
    const product = await createProduct(deps.db, req.user!, req.body);
    return reply.code(201).header('ETag', `"${product.version}"`).send(product);
  });

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
      const product = await updateProduct(deps.db, req.user!, req.params.id, ifMatchVersion(req.headers['if-match']), req.body);
      void reply.header('ETag', `"${product.version}"`);
      return product;
    },
  );
}
