// `npx tsx bench/sessionCheck.ts [sqlite|postgres]`: one GET /api/products/:id at a time through app.inject, with
// kept sessions off (SESSION_CACHE_SECONDS=0) and on (60), interleaved; the time per request, in process, without the
// network. Not a section of npm run bench: it isolates what the session check costs (docs/decisions.md, "Kept sessions").
import { buildApp } from '../server/app.js';
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
  const { app } = await buildApp(loadConfig({ ...place.env, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:1', SESSION_CACHE_SECONDS: cache }), { logger: false });
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: 'http://127.0.0.1:1', 'content-type': 'application/json' }, payload: { email: ACCOUNTS.editor.email, password: ACCOUNTS.editor.password } });
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  apps.push({ cache, app, cookie });
}
for (let round = 0; round < 3; round++) {
  for (const a of apps) {
    const n = 5000; const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const r = await a.app.inject({ method: 'GET', url: `/api/products/${s.ids[i % s.ids.length]}`, headers: { cookie: a.cookie } });
      if (r.statusCode !== 200) throw new Error(String(r.statusCode));
    }
    if (round > 0) console.log(`${dialect} cache=${a.cache}s round ${round}: ${((performance.now() - t0) / n * 1000).toFixed(0)} µs per GET /api/products/:id (app.inject)`);
  }
}
for (const a of apps) await a.app.close();
await place.drop();
