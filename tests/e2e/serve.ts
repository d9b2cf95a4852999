import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { registerUser } from '../../server/auth/register.js';
import { loadDemo } from '../../server/core/demo.js';
import { PASSWORD, users } from './users.js';

/** Serves a freshly built app on a fresh data folder, seeded with one user per kind. */
async function serve(): Promise<void> {
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: users.admin.email, ADMIN_PASSWORD: PASSWORD });
  rmSync(config.dataDir, { recursive: true, force: true });
  // Built into this run's own folder: a parallel run (or the developer's dist/) is left alone.
  const distDir = join(config.dataDir, 'dist');
  await build({ logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true, sourcemap: false } });
  const { app, services } = await buildApp(config, { distDir });
  for (const [key, u] of Object.entries(users)) {
    if (key === 'admin') continue;
    await registerUser(services.auth, services.db.kysely, { ...u, password: PASSWORD });
  }
  // The first admin is made by setup with a default name; give it the seeded one.
  await services.db.kysely
    .updateTable('users')
    .set({ first_name: users.admin.firstName, last_name: users.admin.lastName })
    .where('email', '=', users.admin.email)
    .execute();
  // A demo catalogue (30 products with generated images), so paging with 'More' has something to page through.
  const admin = await services.db.kysely.selectFrom('users').select('id').where('email', '=', users.admin.email).executeTakeFirstOrThrow();
  await loadDemo(services.db.kysely, services.store, admin.id, 30);
  await app.listen({ port: config.port, host: 'localhost' });
  const stop = async (): Promise<void> => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

void serve().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
