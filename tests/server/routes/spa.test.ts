import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/index.js';

describe('the built browser app', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    // Different texts in each copy, so an answer shows which file was sent (fetch decodes br and gzip itself).
    writeFileSync(join(dist, 'assets', 'app-2.js'), 'plain');
    writeFileSync(join(dist, 'assets', 'app-2.js.br'), brotliCompressSync('from br'));
    writeFileSync(join(dist, 'assets', 'app-2.js.gz'), gzipSync('from gz'));
    t = await startApp({ dialect: 'sqlite', build: { distDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/users/users', '/languages/swedish', '/reset-password?token=x'])(
    'answers index.html for %s (a reload of any console page)',
    async (path) => {
      const res = await t.api('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache and answers 404 for a missing one', async () => {
    const hit = await t.api('GET', '/assets/app-1.js');
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toContain('immutable');
    expect((await t.api('GET', '/assets/gone.js')).status).toBe(404);
  });

  it.each([
    ['br, gzip', 'br', 'from br'],
    ['gzip', 'gzip', 'from gz'],
    ['identity', null, 'plain'],
  ])(
    'sends the precompressed copy the browser accepts (Accept-Encoding: %s), with Vary',
    async (accept, encoding, text) => {
      const res = await t.api('GET', '/assets/app-2.js', { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('vary')).toContain('Accept-Encoding');
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.text).toBe(text);
    },
  );

  it('sends the plain file when there is no compressed copy', async () => {
    const res = await t.api('GET', '/assets/app-1.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.text).toBe('console.log(1)');
  });
});
