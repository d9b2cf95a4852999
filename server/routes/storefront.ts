import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { PAGE_SIZE } from '../../domain/constants.js';
import { searchText } from '../../domain/text.js';
import {
  FeedLanguage,
  feedLanguageOf,
  PublicProduct,
  PublicProductPage,
  PublicTexts,
  publicRecordPage,
  publicRecordSchema,
} from '../../domain/storefront.js';
import { publishedOf, type ResourceDescription } from '../../domain/resourceDescription.js';
import { getPublicRecord, listPublicRecords } from '../core/describedFeed.js';
import type { CatalogueLanguage } from '../../domain/constants.js';
import { DomainError } from '../core/errors.js';
import {
  getPublicProduct,
  getPublicTexts,
  listPublicProducts,
  storedKeyOf,
  type PublicAddresses,
} from '../core/storefront.js';
import { sendStoredFile } from '../http/storedFile.js';
import { varyOn } from '../http/vary.js';
import type { FileStore } from '../files/store.js';
import { sealKeys } from '../lib/sealed.js';
import { decodeCursor, encodeCursor } from '../lib/cursor.js';
import { notModified, strongEtag } from '../lib/etag.js';
import type { FeedCache, FeedEntry, FeedPart } from '../live/feedCache.js';
import { said } from '../../domain/translate.js';

/** A CDN may keep a list a minute (it changes with any product) and a product or texts five; each revalidates after. */
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';
const ITEM_CACHE = 'public, max-age=300, stale-while-revalidate=600';

/** An error answer; a refused query names each field and why (`[{ path: '/lang', message }]`). */
const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
const tags = ['storefront'];

export interface StorefrontDeps {
  db: Kysely<Database>;
  /** The answers kept in memory (server/live/feedCache.ts), dropped by every change. */
  cache: FeedCache;
  /** PUBLIC_URL: image addresses are made absolute with it. */
  publicUrl: string;
  /** The server's secret (AUTH_SECRET): the feed's image names are sealed with a key derived from it. */
  secret: string;
  store: FileStore;
  enabled: boolean;
  /** Origins whose pages may read the feed (CORS), matched exactly. */
  origins: readonly string[];
  /** The described resources: each with a published field has its feed, /api/public/<name>. */
  described?: readonly ResourceDescription[];
}

/**
 * /api/public/*: the shop's site reads active products and the texts, without a session. Registered always (so the
 * API docs show them), answered 404 unless STOREFRONT_ENABLED=true.
 */
export function storefrontRoutes(app: FastifyInstance, deps: StorefrontDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const allowed = new Set(deps.origins);
  const config = { access: 'public' as const };
  const addresses: PublicAddresses = {
    base: deps.publicUrl,
    keys: sealKeys(deps.secret, 'storefront image names'),
    sealed: new Map(),
  };

  // Off: the same answer as an address the server does not have. A callback: a kept answer then costs no promise.
  const onRequest = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void => {
    if (!deps.enabled) return done(new DomainError('not_found', said('errors.notFound')));
    // A CDN keys on Origin too, so a page from one site never gets another's CORS answer.
    varyOn(reply, 'Origin');
    const origin = req.headers.origin;
    // Exact match only, and never credentials: the feed is public and the console's cookie has no business here.
    if (origin !== undefined && allowed.has(origin)) {
      void reply.header('Access-Control-Allow-Origin', origin).header('Access-Control-Expose-Headers', 'ETag');
    }
    done();
  };

  /** Writes a kept answer: its bytes as they are, or a 304 when the caller's copy is this one. */
  const answer = (req: FastifyRequest, reply: FastifyReply, entry: FeedEntry, cache: string): FastifyReply => {
    void reply.header('ETag', entry.etag).header('Cache-Control', cache);
    if (notModified(req.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(entry.body);
  };

  /**
   * Sends the answer kept under `key`, or reads it (`read`), keeps it and sends it: with a strong ETag of its bytes, or
   * 304 with no body when the caller's copy is that one. A kept answer costs no database read, a 304 included, and no
   * promise: it is sent before the handler returns.
   */
  const send = (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    part: FeedPart,
    cache: string,
    read: () => Promise<unknown>,
  ): undefined | Promise<void> => {
    const kept = deps.cache.get(key);
    if (kept) {
      // Sent here: a handler that returns nothing after sending is done (Fastify waits for no promise).
      answer(req, reply, kept, cache);
      return undefined;
    }
    // Read at this generation: if a change drops the part while the read runs, the answer is sent but not kept.
    const generation = deps.cache.generation(part);
    return (async () => {
      const body = Buffer.from(JSON.stringify(await read()));
      const entry = { body, etag: strongEtag(body) };
      deps.cache.set(key, part, generation, entry);
      // Awaiting the reply waits for the answer to be written, so Fastify does not send again.
      await answer(req, reply, entry, cache);
    })();
  };

  /**
   * The language of a product answer: `lang` when given, else the one Accept-Language prefers (English when it names
   * none). Without `lang` the header decides, even when it is absent, so every such answer varies on it (a CDN keeps
   * one copy per header); with `lang` it does not, and the address alone names the answer.
   */
  const languageOf = (
    req: FastifyRequest,
    reply: FastifyReply,
    lang: CatalogueLanguage | undefined,
  ): CatalogueLanguage => {
    if (lang !== undefined) return lang;
    varyOn(reply, 'Accept-Language');
    return feedLanguageOf(req.headers['accept-language']);
  };
  const lang = FeedLanguage.optional().describe(
    'en or se: the language of name and details. Without it, Accept-Language decides (sv, sv-SE → se), else English.',
  );

  const Query = z.object({
    limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
    after: z.string().max(500).optional(),
    lang,
  });
  r.get(
    '/api/public/products',
    {
      config,
      onRequest,
      schema: {
        tags,
        querystring: Query,
        response: { 200: PublicProductPage, 304: z.null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    (req, reply) => {
      const after = req.query.after ? decodeCursor(req.query.after) : null;
      if (req.query.after && !after) throw new DomainError('validation', said('errors.badCursor'));
      const { limit } = req.query;
      const language = languageOf(req, reply, req.query.lang);
      return send(
        req,
        reply,
        `products ${limit} ${language} ${req.query.after ?? ''}`,
        'products',
        LIST_CACHE,
        async () => {
          const { items, more } = await listPublicProducts(deps.db, addresses, { limit, after, lang: language });
          const tail = items.at(-1);
          return { items, next: more && tail ? encodeCursor(tail.sku, tail.id) : null };
        },
      );
    },
  );

  r.get(
    '/api/public/products/:sku',
    {
      config,
      onRequest,
      schema: {
        tags,
        params: z.object({ sku: searchText(64).min(1) }),
        querystring: z.object({ lang }),
        response: { 200: PublicProduct, 304: z.null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    (req, reply) => {
      const language = languageOf(req, reply, req.query.lang);
      const { sku } = req.params;
      return send(req, reply, `product ${language} ${sku}`, 'products', ITEM_CACHE, () =>
        getPublicProduct(deps.db, addresses, sku, language),
      );
    },
  );

  for (const d of deps.described ?? []) {
    if (publishedOf(d).length === 0) continue;
    const part = `record:${d.name}` as const;
    const dTags = ['storefront', d.name];
    r.get(
      `/api/public/${d.name}`,
      {
        config,
        onRequest,
        schema: {
          tags: dTags,
          querystring: Query,
          response: { 200: publicRecordPage(d), 304: z.null(), 400: ErrorBody, 404: ErrorBody },
        },
      },
      (req, reply) => {
        const after = req.query.after ? decodeCursor(req.query.after) : null;
        if (req.query.after && !after) throw new DomainError('validation', said('errors.badCursor'));
        const { limit } = req.query;
        const language = languageOf(req, reply, req.query.lang);
        return send(req, reply, `${part} ${limit} ${language} ${req.query.after ?? ''}`, part, LIST_CACHE, async () => {
          const { items, next } = await listPublicRecords(deps.db, d, addresses, { limit, after, lang: language });
          return { items, next: next ? encodeCursor(next.key, next.id) : null };
        });
      },
    );
    r.get(
      `/api/public/${d.name}/:id`,
      {
        config,
        onRequest,
        schema: {
          tags: dTags,
          params: z.object({ id: searchText(64).min(1) }),
          querystring: z.object({ lang }),
          response: { 200: publicRecordSchema(d), 304: z.null(), 400: ErrorBody, 404: ErrorBody },
        },
      },
      (req, reply) => {
        const language = languageOf(req, reply, req.query.lang);
        const { id } = req.params;
        return send(req, reply, `${part} item ${language} ${id}`, part, ITEM_CACHE, () =>
          getPublicRecord(deps.db, d, addresses, id, language),
        );
      },
    );
  }

  r.get(
    '/api/public/texts/:id',
    {
      config,
      onRequest,
      schema: {
        tags,
        params: z.object({ id: z.enum(['en', 'se']) }),
        response: { 200: PublicTexts, 304: z.null(), 400: ErrorBody, 404: ErrorBody },
      },
    },
    (req, reply) =>
      send(req, reply, `texts ${req.params.id}`, 'texts', ITEM_CACHE, () => getPublicTexts(deps.db, req.params.id)),
  );

  // The feed's image and thumbnail addresses: the stored file under a sealed name, cached for good (names never
  // change).
  r.get(
    '/api/public/images/:name',
    { config, onRequest, schema: { tags, params: z.object({ name: z.string().max(1500) }) } },
    async (req, reply) => {
      return sendStoredFile(reply, deps.db, deps.store, storedKeyOf(addresses, req.params.name));
    },
  );

  // A page that sends If-None-Match itself (not the browser's cache) asks first (CORS preflight).
  app.options('/api/public/*', { config, onRequest, schema: { hide: true } }, async (req, reply) => {
    if (reply.getHeader('Access-Control-Allow-Origin') === undefined) return reply.code(204).send();
    return reply
      .code(204)
      .header('Access-Control-Allow-Methods', 'GET')
      .header('Access-Control-Allow-Headers', 'If-None-Match')
      .header('Access-Control-Max-Age', '600')
      .send();
  });
}
