import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { said } from '../../domain/translate.js';

/**
 * Address spaces that never answer with the app's page. /metrics is a route only with METRICS_TOKEN; without it the
 * address does not exist (404), as the README says, rather than the app's page.
 */
const NOT_PAGES = ['/api', '/assets', '/files', '/metrics'];

/**
 * Serves the built browser app: hashed assets with a long cache, index.html for every console path. The build writes
 * a brotli and a gzip copy beside each script, style and page (scripts/precompress.ts); the browser gets the best it
 * accepts, without compressing on each request, and Vary tells caches the answer depends on Accept-Encoding.
 */
export async function spaRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const hasApp = existsSync(join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a rebuild of dist/ is served without a restart.
      wildcard: true,
      index: false,
      // Our setHeaders decides Cache-Control; send's own 'max-age=0' would otherwise overwrite it.
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    // '/' is the dashboard; the static wildcard would take it for the folder itself and answer 403.
    app.get('/', async (_req, reply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler({}, async (req, reply) => {
    // A missing script, style, image or API address must be a 404, not index.html (which the browser would refuse
    // as the wrong type, and which would make a broken image address look like a working one).
    const path = req.url.split('?')[0]!;
    if (NOT_PAGES.some((p) => path === p || path.startsWith(`${p}/`)) || req.method !== 'GET' || !hasApp) {
      return reply.code(404).send({ error: { code: 'not_found', message: said('errors.notFound') } });
    }
    // The reset page carries a token in its address: never leak it through Referer.
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
