import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { bundleServer, SERVER_NODE_FLAGS } from '../../scripts/serverBundle.mjs';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { registerUser } from '../../server/auth/register.js';
import { loadDemo } from '../../server/core/demo.js';
import { PASSWORD, users } from './users.js';

const root = join(import.meta.dirname, '..', '..');

/**
 * Serves a freshly built app on a fresh data folder, seeded with one user per kind. The server is the compiled one
 * that npm start runs, laid out as in the repository (app/server/main.js beside app/dist, node_modules linked),
 * inside this run's own folder: a parallel run (or the developer's dist/) is left alone.
 */
async function serve(): Promise<void> {
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: users.admin.email, ADMIN_PASSWORD: PASSWORD });
  rmSync(config.dataDir, { recursive: true, force: true });
  const appDir = join(config.dataDir, 'app');
  mkdirSync(appDir, { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(appDir, 'node_modules'), 'dir');
  const serverFile = join(appDir, 'server', 'main.js');
  // The seed needs neither the build nor the bundle (its own database under DATA_DIR): the three run together.
  await Promise.all([
    build({ root, logLevel: 'warn', build: { outDir: join(appDir, 'dist'), emptyOutDir: true, sourcemap: false } }),
    bundleServer({ root, outfile: serverFile }),
    seed(config),
  ]);

  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverFile], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  const stop = (): void => {
    server.kill('SIGTERM');
  };
  server.once('exit', (code) => {
    rmSync(config.dataDir, { recursive: true, force: true });
    process.exit(code ?? 0);
  });
  // `on`, not `once`: Playwright signals the whole process group, and a second signal with no listener would end
  // this process before it removes the folder.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** The users of tests/e2e/users.ts and a demo catalogue, written through the server's own code, then closed. */
async function seed(config: ReturnType<typeof loadConfig>): Promise<void> {
  const { app, services } = await buildApp(config, { logger: false });
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
  const admin = await services.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', users.admin.email)
    .executeTakeFirstOrThrow();
  await loadDemo(services.db.kysely, services.store, admin.id, 30);
  await app.close();
}

void serve().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
