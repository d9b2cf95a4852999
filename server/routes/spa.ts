import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '../../domain/messages.js';

/** Serves the built browser app: hashed assets with a long cache, index.html for every console path. */
export async function spaRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  const hasApp = existsSync(join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler({}, async (req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasApp) {
      return reply.code(404).send({ error: { code: 'not_found', message: messages.errors.notFound } });
    }
    // The reset page carries a token in its address: never leak it through Referer.
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
