import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/index.js';

describe('the built browser app', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    t = await startApp({ dialect: 'sqlite', build: { distDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/users/users', '/languages/swedish', '/reset-password?token=x'])('answers index.html for %s (a reload of any console page)', async (path) => {
    const res = await t.api('GET', path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache and answers 404 for a missing one', async () => {
    const hit = await t.api('GET', '/assets/app-1.js');
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toContain('immutable');
    expect((await t.api('GET', '/assets/gone.js')).status).toBe(404);
  });
});
