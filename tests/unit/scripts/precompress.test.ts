import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';

describe('precompress (the build writes brotli and gzip copies)', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'writes a .br and a .gz beside each script, style and ' + 'page, each decoding to the file, and leaves the rest',
    () => {
      dir = mkdtempSync(join(tmpdir(), 'precompress-'));
      mkdirSync(join(dir, 'assets'));
      const script = `export const text = ${JSON.stringify('å'.repeat(5000))};\n`;
      writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(dir, 'assets', 'app-1.js'), script);
      writeFileSync(join(dir, 'assets', 'app-1.js.map'), '{}');
      writeFileSync(join(dir, 'assets', 'photo.png'), 'not text');
      const done = precompress(dir);
      expect(done.files).toBe(2);
      for (const file of [join(dir, 'index.html'), join(dir, 'assets', 'app-1.js')]) {
        const body = readFileSync(file);
        expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body)).toBe(true);
        expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body)).toBe(true);
      }
      expect(readFileSync(join(dir, 'assets', 'app-1.js.br')).length).toBeLessThan(script.length / 10);
      expect(existsSync(join(dir, 'assets', 'app-1.js.map.br'))).toBe(false);
      expect(existsSync(join(dir, 'assets', 'photo.png.br'))).toBe(false);
    },
  );
});
