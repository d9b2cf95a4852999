import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { Language, LanguageKey, LanguageTexts, NewKeyText } from '../../domain/languages.js';
import { getLanguage, putLanguage } from '../core/languages.js';
import { addLanguageKey, removeLanguageKey } from '../core/languageKeys.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { searchText } from '../../domain/text.js';
import { actionAccess, areaAccess } from '../../domain/permissions.js';

const Params = z.object({ id: searchText(8) });
const KeyParams = z.object({ id: searchText(8), key: LanguageKey });
const IfMatch = z.object({ 'if-match': z.string().optional() });

/**
 * /api/languages/:id: read and replace a whole text map; /api/languages/:id/keys/:key: add a key to both records or
 * remove it from both. If-Match carries the version of :id read.
 */
export function languagesRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = { access: areaAccess.languages };

  r.get(
    '/api/languages/:id',
    { config: editor, schema: { tags: ['languages'], params: Params, response: { 200: Language } } },
    async (req, reply) => {
      const record = await getLanguage(deps.db, req.params.id);
      void reply.header('ETag', `"${record.version}"`);
      return record;
    },
  );

  r.put(
    '/api/languages/:id',
    {
      config: editor,
      schema: {
        tags: ['languages'],
        params: Params,
        headers: IfMatch,
        body: z.object({ texts: LanguageTexts }).strict(),
        response: { 200: Language },
      },
    },
    async (req, reply) => {
      const version = ifMatchVersion(req.headers['if-match']);
      const record = await putLanguage(deps.db, req.user!, req.params.id, req.body.texts, version);
      void reply.header('ETag', `"${record.version}"`);
      return record;
    },
  );

  // PUT, not POST: the key is named in the path; it only creates (an existing key is refused), values change by the
  // map's PUT.
  r.put(
    '/api/languages/:id/keys/:key',
    {
      config: editor,
      schema: {
        tags: ['languages'],
        params: KeyParams,
        headers: IfMatch,
        body: NewKeyText,
        response: { 200: Language },
      },
    },
    async (req, reply) => {
      const version = ifMatchVersion(req.headers['if-match']);
      const record = await addLanguageKey(deps.db, req.user!, req.params.id, req.params.key, req.body.value, version);
      void reply.header('ETag', `"${record.version}"`);
      return record;
    },
  );

  r.delete(
    '/api/languages/:id/keys/:key',
    {
      config: { access: actionAccess.removeLanguageKey },
      schema: { tags: ['languages'], params: KeyParams, headers: IfMatch, response: { 200: Language } },
    },
    async (req, reply) => {
      const version = ifMatchVersion(req.headers['if-match']);
      const record = await removeLanguageKey(deps.db, req.user!, req.params.id, req.params.key, version);
      void reply.header('ETag', `"${record.version}"`);
      return record;
    },
  );
}
