// @ts-check
// The server as one ES module, built with esbuild (docs/decisions.md, "A compiled server"): start-up reads one
// file for our code and the pure-JavaScript libraries below instead of compiling TypeScript and resolving
// hundreds of small modules. Every other package stays in node_modules, loaded as usual.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node flags the server runs with (package.json's start script says the same): a young generation of 4 MB
 * semi-spaces instead of up to 16 MB keeps memory under load near 110 MB instead of 160 MB, at no throughput
 * cost we could measure (BENCHMARKS.md, docs/decisions.md "A compiled server").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Packages inlined into the bundle: pure JavaScript with no files of their own to read at run time. */
const INLINE = [
  'better-auth',
  '@better-auth/',
  '@better-fetch/',
  '@noble/',
  'better-call',
  'defu',
  'jose',
  'kysely',
  'nanostores',
  'rou3',
  'zod',
  'fastify-type-provider-zod',
];
/** The packages the server loads from node_modules (not bundled): a change to these makes the bundle stale too. */
const PACKAGE_FILES = ['package.json', 'package-lock.json'];

const packageOf = (/** @type {string} */ spec) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
const inlined = (/** @type {string} */ spec) =>
  INLINE.some((p) => (p.endsWith('/') ? spec.startsWith(p) : packageOf(spec) === p));

/** Newest modification time under a file or folder. */
export function newest(/** @type {string} */ path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

/** Where a bundle's inputs are listed (esbuild's metafile, the paths relative to the root): beside the bundle. */
export const inputsOf = (/** @type {string} */ outfile) => `${outfile}.inputs.json`;

/**
 * Whether `outfile` is missing or older than any file it was built from (every input esbuild read, as its metafile
 * lists them: server/, domain/, each resources/<name>/description.ts, the inlined packages), one of them gone, or the
 * package files changed.
 */
export function serverStale(/** @type {string} */ root, /** @type {string} */ outfile) {
  if (!existsSync(outfile) || !existsSync(inputsOf(outfile))) return true;
  const built = statSync(outfile).mtimeMs;
  const inputs = /** @type {string[]} */ (JSON.parse(readFileSync(inputsOf(outfile), 'utf8')));
  return [...inputs, ...PACKAGE_FILES].some((s) => {
    const path = join(root, s);
    if (!existsSync(path)) return !PACKAGE_FILES.includes(s);
    return statSync(path).mtimeMs > built;
  });
}

/**
 * Bundles server/main.ts (or another entry) into `outfile`. The bundle must sit one folder below the repository
 * root, as server/main.ts does: the server finds dist/ relative to its own file.
 */
export async function bundleServer(
  /** @type {{ root: string, outfile: string, entry?: string }} */ { root, outfile, entry = 'server/main.ts' },
) {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    metafile: true,
    // Inlined CommonJS code may call require(); an ES module has none of its own.
    banner: {
      js:
        "import { createRequire as __createRequire } from 'node:module'; " +
        'const require = __createRequire(import.meta.url);',
    },
    plugins: [
      {
        name: 'keep-packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('node:') || !inlined(args.path) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  writeFileSync(inputsOf(outfile), JSON.stringify(Object.keys(result.metafile.inputs)));
}
