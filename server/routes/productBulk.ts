import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { areaAccess } from '../../domain/permissions.js';
import { BulkRequest } from '../../domain/productBulk.js';
import { listProductIds, productBulk } from '../core/productBulk.js';
import { bulkRoutes } from './bulk.js';
import { productFilterOf, productFilters } from './products.js';

/** The bulk edit of the products list (the engine's, routes/bulk.ts): its ids, the change and its Undo (editors). */
export function productBulkRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  bulkRoutes(app, deps.db, {
    path: '/api/products',
    tags: ['products'],
    access: areaAccess.products,
    query: z.object(productFilters).strict(),
    ids: (filter) => listProductIds(deps.db, productFilterOf(filter as Record<string, unknown>)),
    request: BulkRequest,
    target: productBulk,
  });
}
