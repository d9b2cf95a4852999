import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer, SERVER_NODE_FLAGS, serverStale } from '../../../scripts/serverBundle.mjs';

// npm start, the end to end server and the bench's server must run with the same Node flags; package.json can
// only spell them out, so this keeps the two in step.
describe('the server Node flags', () => {
  it('are the ones package.json starts the server with', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const words = pkg.scripts.start.split(/\s+/);
    expect(words[0]).toBe('node');
    expect(words.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(words.at(-1)).toBe('scripts/start.mjs');
  });
});

// npm start builds the server again when any file the bundle was built from changed (esbuild's metafile lists them),
// a resource's description among them, and not for a file the server does not read.
describe('the server bundle’s staleness', () => {
  let root = '';
  const outfile = () => join(root, 'dist-server', 'main.js');
  /** Gives a file a modification time after the bundle's. */
  const touch = (path: string) => {
    const later = new Date(statSync(outfile()).mtimeMs + 60_000);
    utimesSync(join(root, path), later, later);
  };
  /** Builds again, the bundle dated after every file touched (a touch dates a file a minute after the bundle). */
  const rebuilt = async () => {
    const before = existsSync(outfile()) ? statSync(outfile()).mtimeMs : 0;
    await bundleServer({ root, outfile: outfile() });
    const later = new Date(Math.max(before, Date.now()) + 120_000);
    utimesSync(outfile(), later, later);
  };
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'server-bundle-'));
    for (const dir of ['server', 'domain', 'resources/fabrics', 'docs'])
      mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    writeFileSync(join(root, 'domain', 'names.ts'), "export const NAME = 'fabrics';\n");
    writeFileSync(
      join(root, 'resources', 'fabrics', 'description.ts'),
      "export const description = { name: 'fabrics' };\n",
    );
    writeFileSync(join(root, 'docs', 'notes.md'), 'Not read by the server.\n');
    writeFileSync(
      join(root, 'server', 'main.ts'),
      "import { NAME } from '../domain/names.js';\n" +
        "import { description } from '../resources/fabrics/description.js';\n" +
        'console.log(NAME, description);\n',
    );
    await rebuilt();
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is fresh just built, and after a change to a file the server does not read', () => {
    expect(serverStale(root, outfile())).toBe(false);
    touch('docs/notes.md');
    expect(serverStale(root, outfile())).toBe(false);
  });

  it('is stale after a change to a resource’s description, which no folder list names', async () => {
    touch('resources/fabrics/description.ts');
    expect(serverStale(root, outfile())).toBe(true);
    await rebuilt();
    expect(serverStale(root, outfile())).toBe(false);
  });

  it('is stale after a change to the package files (the packages it loads from node_modules)', async () => {
    touch('package.json');
    expect(serverStale(root, outfile())).toBe(true);
    await rebuilt();
    expect(serverStale(root, outfile())).toBe(false);
  });
});
