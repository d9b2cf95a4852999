// `npx tsx bench/sessionCheck.ts [sqlite|postgres]`: one GET /api/products/:id at a time through app.inject, with
// kept sessions off (SESSION_CACHE_SECONDS=0) and on (60), interleaved; the time per request, in process, without the
// network. Then the session check alone, ours (server/auth/session.ts, no kept sessions) against better-auth's own
// getSession on the same cookie, interleaved. Not a section of npm run bench: it isolates what the session check costs
// (docs/decisions.md, "Kept sessions" and "The session check stays ours").
import { buildApp } from '../server/app.js';
import { liveSession } from '../server/auth/session.js';
import { loadConfig } from '../server/config.js';
import { createPlace, openPlace, seedCatalogue, drawSamples, ACCOUNTS } from './seed.js';
const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const place = await createPlace(dialect);
const db = await openPlace(place);
await seedCatalogue(db, 10_000, 100);
const s = await drawSamples(db, 10_000, 100);
await db.close();
const apps = [];
for (const cache of ['0', '60']) {
  const { app, services } = await buildApp(
    loadConfig({ ...place.env, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1', SESSION_CACHE_SECONDS: cache }),
    { logger: false },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
    payload: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password },
  });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  apps.push({ cache, app, services, cookie });
}
for (let round = 0; round < 3; round++) {
  for (const a of apps) {
    const n = 5000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const r = await a.app.inject({
        method: 'GET',
        url: `/api/products/${s.ids[i % s.ids.length]}`,
        headers: { cookie: a.cookie },
      });
      if (r.statusCode !== 200) throw new Error(String(r.statusCode));
    }
    if (round > 0)
      console.log(
        `${dialect} cache=${a.cache}s round ${round}: ${(((performance.now() - t0) / n) * 1000).toFixed(0)} ` +
          `µs per GET /api/products/:id (app.inject)`,
      );
  }
}
{
  const { services, cookie } = apps[0]!;
  const headers = new Headers({ cookie });
  const checks = {
    ours: async () => (await liveSession(services.auth, services.db.kysely, cookie, null)) !== null,
    'better-auth getSession': async () => (await services.auth.api.getSession({ headers })) !== null,
  };
  for (let round = 0; round < 3; round++) {
    for (const [name, check] of Object.entries(checks)) {
      const n = 5000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) if (!(await check())) throw new Error(`${name}: no session`);
      if (round > 0)
        console.log(
          `${dialect} session check, ${name}, ` +
            `round ${round}: ${(((performance.now() - t0) / n) * 1000).toFixed(0)} µs per check`,
        );
    }
  }
}
for (const a of apps) await a.app.close();
await place.drop();
