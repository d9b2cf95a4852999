import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { FileStore } from '../files/store.js';
import { contentTypeOf } from '../core/files.js';
import { DomainError } from '../core/errors.js';
import { said } from '../../domain/translate.js';

/**
 * Sends a stored upload (or its thumbnail) by key, as `/files/Uploads/*` and the storefront's sealed image addresses
 * both do: the type we decided at upload, cached for good (names never change), sandboxed; 404 when unknown.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  db: Kysely<Database>,
  store: FileStore,
  key: string | null,
): Promise<FastifyReply> {
  const type = key ? await contentTypeOf(db, key) : null;
  const file = key && type ? await store.get(key) : null;
  if (!type || !file) throw new DomainError('not_found', said('errors.notFound'));
  return reply
    .header('Content-Type', type)
    .header('Content-Length', file.size)
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(file.body);
}
