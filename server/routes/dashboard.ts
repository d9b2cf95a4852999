import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { areaAccess, canAccess, meets } from '../../domain/permissions.js';
import type { User } from '../../domain/users.js';
import { Dashboard } from '../../domain/dashboard.js';
import type { SecondFactorPolicy } from '../../domain/twoFactor.js';
import { catalogueFigures, resourceCounts, staffFigures } from '../core/dashboard.js';
import { countedResources, type ResourceDescription } from '../../domain/resourceDescription.js';
import type { Broker } from '../live/broker.js';
import { endWhenRefused, type EventStreams } from '../live/streams.js';
import { hears } from '../live/dashboardParts.js';

/**
 * GET /api/dashboard: every figure of the dashboard in one answer. Any signed-in user may ask; the catalogue's figures
 * are answered to those who may open the products (editors), the staff's to those who may open the users (admins), a
 * counted described resource's to those who may read it.
 */
export function dashboardRoutes(
  app: FastifyInstance,
  deps: {
    db: Kysely<Database>;
    require2fa: SecondFactorPolicy;
    described: readonly ResourceDescription[];
    /** Announces a committed change the figures count (services.ts). */
    broker: Broker;
    streams: EventStreams;
    heartbeatMs: number;
    /** "Someone's sessions or roles changed", and who a cookie signs in now: the stream ends with its session. */
    sessions: Broker;
    signedIn: (cookie: string | undefined) => Promise<User | null>;
  },
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dashboard',
      { config: { access: areaAccess.dashboard }, schema: { tags: ['dashboard'], response: { 200: Dashboard } } },
      async (req) => {
        const user = req.user!;
        const counted = countedResources(user, deps.described);
        const [catalogue, staff, resources] = await Promise.all([
          canAccess(user, 'products') ? catalogueFigures(deps.db, deps.described, undefined, user.isAdmin) : undefined,
          canAccess(user, 'users') ? staffFigures(deps.db, deps.require2fa) : undefined,
          resourceCounts(deps.db, counted),
        ]);
        return { catalogue, staff, resources };
      },
    );

  // GET /api/dashboard/events: a server-sent event ({"changed":true}, nothing more) each time a committed change
  // moves figures its reader may read, so an open dashboard reads them again at once; the page still reads them every
  // 30 s besides.
  app.get(
    '/api/dashboard/events',
    { config: { access: areaAccess.dashboard }, schema: { tags: ['dashboard'] } },
    async (req, reply) => {
      reply.hijack();
      // Told only of changes to what its reader may read; who that is, checked again when someone's roles change.
      let reader: User | null = req.user;
      deps.streams.start(req.raw, reply.raw, deps.heartbeatMs, (send) =>
        deps.broker.subscribe((payload) => {
          if (hears(reader, payload, deps.described)) send('data: {"changed":true}\n\n');
        }),
      );
      const cookie = req.headers.cookie;
      endWhenRefused(req.raw, reply.raw, deps.sessions, async () => {
        reader = await deps.signedIn(cookie);
        return meets(reader, areaAccess.dashboard);
      });
    },
  );
}
