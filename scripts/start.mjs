// @ts-check
// `npm start`: builds what is missing or stale (the browser app with Vite, the server with esbuild), then runs
// the compiled server. Plain JavaScript, so starting needs no TypeScript compiler. Its progress goes to stderr, so
// stdout is the server's alone (JSON lines when piped: LOG_FORMAT).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleServer, newest, serverStale } from './serverBundle.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const BROWSER_SOURCES = [
  'src',
  'base',
  'resources',
  'providers',
  'domain',
  'index.html',
  'vite.config.ts',
  'package.json',
];
const SERVER_BUNDLE = join(root, 'dist-server', 'main.js');

function browserStale() {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return BROWSER_SOURCES.some((s) => existsSync(join(root, s)) && newest(join(root, s)) > built);
}

async function start() {
  if (browserStale()) {
    console.error('Building the browser app (once; about a minute)…');
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn' });
  }
  if (serverStale(root, SERVER_BUNDLE)) {
    console.error('Building the server (a few seconds)…');
    await bundleServer({ root, outfile: SERVER_BUNDLE });
  }
  await import(pathToFileURL(SERVER_BUNDLE).href);
}

start().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
