import type { FastifyInstance } from 'fastify';
import type { Services } from './services.js';

/**
 * Stops an instance gracefully (SIGTERM, SIGINT): its event streams end with a retry hint, so browsers reconnect to
 * another instance; it stops accepting connections (a request arriving meanwhile on a keep-alive connection already
 * open is served, with `Connection: close`: server/app.ts sets `return503OnClosing: false`); requests under way get
 * `graceMs` to finish, after which their connections are cut; webhook sends under way get the same, then are cut and
 * their deliveries released for another instance at once; the database closes last.
 */
export async function shutdown(app: FastifyInstance, services: Services, graceMs: number): Promise<void> {
  const jobs = services.stopJobs(graceMs);
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    // Streams end in preClose; then the listener closes and Fastify waits for the requests under way; then onClose
    // closes the services (after the webhook sends above) and the database.
    await app.close();
  } finally {
    clearTimeout(cut);
  }
  await jobs;
}
