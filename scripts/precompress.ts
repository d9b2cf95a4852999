// A Vite plugin: after the build, writes a brotli (.br) and a gzip (.gz) copy beside each script, style sheet, page and
// SVG in the output folder, which the server sends to browsers that accept them (server/routes/spa.ts, preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

/**
 * Writes `<file>.br` (quality 11: written once, read on every first visit) and `<file>.gz` for each compressible file.
 */
export function precompress(dir: string): { files: number; bytes: number; brotli: number } {
  let count = 0;
  let bytes = 0;
  let brotli = 0;
  for (const path of files(dir)) {
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
    count++;
    bytes += body.length;
    brotli += br.length;
  }
  return { files: count, bytes, brotli };
}

/** The plugin: runs `precompress` over the build's output folder once it is written. */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'console-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompress(outDir);
    },
  };
}
