import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const SOURCES = ['src', 'resources', 'providers', 'domain', 'index.html', 'vite.config.ts', 'package.json'];

/** Newest modification time under a file or folder. */
function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

/** Builds the browser app when dist/ is missing or older than its sources, then starts the server. */
async function start(): Promise<void> {
  const index = join(root, 'dist', 'index.html');
  const stale =
    !existsSync(index) || SOURCES.some((s) => existsSync(join(root, s)) && newest(join(root, s)) > statSync(index).mtimeMs);
  if (stale) {
    console.log('Building the browser app (once; about a minute)…');
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
  await import('../server/main.js');
}

void start().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
