import type { FastifyInstance } from 'fastify';
import { said } from '../../domain/translate.js';

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

/** The headers every answer carries, streams and tus answers included. */
function securityHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': CSP,
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** No Referer, or one whose origin is trusted; one that cannot be read as an address is foreign. */
function refererTrusted(referer: string | undefined, trusted: ReadonlySet<string>): boolean {
  if (referer === undefined || referer === '') return true;
  if (!URL.canParse(referer)) return false;
  return trusted.has(new URL(referer).origin);
}

/**
 * Security headers on every answer, and refusal of unsafe requests from anywhere but the console's own origin (CSRF).
 */
export function registerSecurity(app: FastifyInstance, publicUrl: string, trustedOrigins: string[]): void {
  const trusted = new Set(trustedOrigins);
  const headers = Object.entries(securityHeaders(publicUrl.startsWith('https://')));

  // A plain callback rather than an async function: it runs on every request and has nothing to wait for.
  app.addHook('onRequest', (req, reply, done) => {
    // Set on the raw response, so answers that bypass Fastify's reply (event streams, tus) carry them too; a route's
    // own value (an image's stricter CSP, a Cache-Control) takes precedence when Fastify writes the head.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (req.url.startsWith('/api/')) reply.raw.setHeader('Cache-Control', 'no-store');
    if (!UNSAFE.has(req.method)) return done();
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    // Only the console's own origin may change anything: a sibling subdomain (same-site) is as foreign as any other
    // site. Browsers send Sec-Fetch-Site; the Origin check covers those that do not, and without Origin the Referer
    // (as better-auth's own check reads it). A client sending none of them is not a browser, and so cannot be made
    // to send someone else's cookie (the CLI, a script with a session).
    const foreign =
      (site !== undefined && site !== 'same-origin' && site !== 'none') ||
      (origin !== undefined ? !trusted.has(origin) : !refererTrusted(req.headers.referer, trusted));
    // Answered here, so the request goes no further (a callback hook that replies does not call done).
    if (foreign) void reply.code(403).send({ error: { code: 'cross_site', message: said('errors.crossSite') } });
    else done();
  });
}
