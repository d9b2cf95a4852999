import type { FastifyInstance } from 'fastify';
import { messages } from '../../domain/messages.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // MUI (emotion) injects style elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Security headers on every answer, and refusal of cross-site unsafe requests (CSRF). */
export function registerSecurity(app: FastifyInstance, publicUrl: string, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins);
  const https = publicUrl.startsWith('https://');

  app.addHook('onRequest', async (req, reply) => {
    if (!UNSAFE.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    // Browsers send Sec-Fetch-Site; the Origin check is the fallback for those that do not.
    const crossSite = site
      ? site === 'cross-site'
      : origin !== undefined && !trusted.has(origin) && origin !== `${req.protocol}://${req.host}`;
    if (crossSite) {
      await reply.code(403).send({ error: { code: 'cross_site', message: messages.errors.crossSite } });
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', CSP);
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (req.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/** The header values for streams that bypass Fastify's hooks (server-sent events). */
export const streamSecurityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': CSP,
  'Referrer-Policy': 'no-referrer',
};
