import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { Language, LanguageTexts } from '../../domain/languages.js';
import { getLanguage, putLanguage } from '../core/languages.js';
import { ifMatchVersion } from '../http/ifMatch.js';
import { searchText } from '../../domain/text.js';
import { areaAccess } from '../../domain/permissions.js';

const Params = z.object({ id: searchText(8) });

/** /api/languages/:id: read and replace a whole text map; If-Match carries the version read. */
export function languagesRoutes(app: FastifyInstance, deps: { db: Kysely<Database> }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = { access: areaAccess.languages };

  r.get('/api/languages/:id', { config: editor, schema: { tags: ['languages'], params: Params, response: { 200: Language } } }, async (req, reply) => {
    const record = await getLanguage(deps.db, req.params.id);
    void reply.header('ETag', `"${record.version}"`);
    return record;
  });

  r.put(
    '/api/languages/:id',
    {
      config: editor,
      schema: {
        tags: ['languages'],
        params: Params,
        headers: z.object({ 'if-match': z.string().optional() }),
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
}
