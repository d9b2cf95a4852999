import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../server/cli.js';
import { sizeKey, storeUpload } from '../../server/core/files.js';
import { createData, createUser, dialects, signIn, startApp, type DataStore, type TestApp } from './helpers/index.js';
import { decoded, makePhoto } from './helpers/images.js';

describe.each(dialects())('CLI images --backfill (%s)', (dialect) => {
  let data: DataStore;
  let t: TestApp;
  let out: string[] = [];
  let err: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
  beforeAll(async () => {
    data = await createData(dialect);
    // The feed on, unlimited, and (PostgreSQL) trusting its memory soon after start, for the last test.
    t = await startApp({
      dialect,
      data,
      env: { STOREFRONT_ENABLED: 'true', PUBLIC_REQUESTS_PER_MINUTE: '0' },
      build: { feedPeers: { aliveMs: 150, ackMs: 2000 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });
  const env = () => ({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? undefined, LOG_LEVEL: 'silent' });
  const path = (key: string) => join(data.dataDir, 'files', ...key.split('/'));
  const run = async (): Promise<number> => {
    out = [];
    err = [];
    return cli(['images', '--backfill'], env(), io);
  };
  /** Stores an image as an upload does, then takes its sizes away, as for an image stored before sizes were made. */
  const oldImage = async (width: number, height: number): Promise<string> => {
    const stored = await storeUpload(
      t.db,
      t.services.store,
      { owner: 'o', originalName: 'old.jpg', data: await makePhoto(width, height) },
      t.config.imageMaxPixels,
    );
    const key = stored.address.replace('/files/', '');
    for (const w of [400, 800, 1600]) rmSync(path(sizeKey(key, w)), { force: true });
    await t.db.updateTable('files').set({ variants: '' }).where('key', '=', key).execute();
    return key;
  };

  it('makes the missing sizes with a progress line, records them, and a second run does nothing', async () => {
    const wide = await oldImage(1800, 900);
    const mid = await oldImage(900, 600);
    const small = await oldImage(350, 200);
    expect(await run(), err.join('\n')).toBe(0);
    expect(err.at(-1)).toMatch(/^Images: 2\/2 · \d+\.\d images\/s · done$/);
    expect(err[0]).toMatch(/^Images: 0\/2 · /);
    expect(out.at(-1)).toMatch(/^Made 5 sizes of 2 images in \d+s\.$/);
    for (const [key, widths] of [
      [wide, [400, 800, 1600]],
      [mid, [400, 800]],
      [small, []],
    ] as const) {
      for (const w of [400, 800, 1600])
        expect(existsSync(path(sizeKey(key, w))), `${key} ${w}`).toBe((widths as readonly number[]).includes(w));
      const row = await t.db.selectFrom('files').select('variants').where('key', '=', key).executeTakeFirstOrThrow();
      expect(row.variants).toBe(widths.join(','));
    }
    const { width, format } = await decoded(
      await import('node:fs/promises').then((f) => f.readFile(path(sizeKey(wide, 1600)))),
    );
    expect([width, format]).toEqual([1600, 'webp']);
    const before = statSync(path(sizeKey(wide, 400))).mtimeMs;
    expect(await run()).toBe(0);
    expect(out.at(-1)).toBe('Every image has all its sizes: nothing to do.');
    expect(err).toEqual(['Images: 0/0 · 0.0 images/s · done']);
    expect(statSync(path(sizeKey(wide, 400))).mtimeMs).toBe(before);
  });

  it('carries on where a stopped run was: only what is still missing is made', async () => {
    const done = await oldImage(1000, 800);
    const half = await oldImage(1700, 1000);
    expect(await run()).toBe(0);
    // As if the run had stopped after the first image and half way through the second's sizes.
    rmSync(path(sizeKey(half, 1600)), { force: true });
    await t.db.updateTable('files').set({ variants: '400,800' }).where('key', '=', half).execute();
    const kept = statSync(path(sizeKey(half, 400))).mtimeMs;
    expect(await run()).toBe(0);
    expect(out.at(-1)).toMatch(/^Made 1 sizes of 1 images in/);
    expect(existsSync(path(sizeKey(half, 1600)))).toBe(true);
    expect(statSync(path(sizeKey(half, 400))).mtimeMs).toBe(kept);
    expect(existsSync(path(sizeKey(done, 800)))).toBe(true);
  });

  it('names an image it cannot read, exits 1, and makes the others', async () => {
    const gone = await oldImage(900, 600);
    const fine = await oldImage(900, 600);
    rmSync(path(gone));
    expect(await run()).toBe(1);
    expect(err.some((l) => l.startsWith(`Could not make the sizes of ${gone}: missing from the store`))).toBe(true);
    expect(err.at(-1)).toMatch(/^Error: Made 2 sizes of 1 images in \d+s; 1 failed \(above\)\.$/);
    expect(existsSync(path(sizeKey(fine, 800)))).toBe(true);
    await t.db.deleteFrom('files').where('key', '=', gone).execute();
  });

  it(
    "drops the feed's kept answers, so a product shows " + 'its new sizes (PostgreSQL: before the command ends)',
    async () => {
      const key = await oldImage(900, 600);
      const body = {
        sku: 'BACKFILL-1',
        category: 'Linen',
        mc: 'Linen care',
        name: 'Towel',
        details: 'Linen',
        price: '10',
        active: true,
        images: [`/files/${key}`],
      };
      const editor = await createUser(t, 'editor');
      expect(
        (await t.api('POST', '/api/products', { cookie: await signIn(t, editor.email, editor.password), body })).status,
      ).toBe(201);
      const widths = async (): Promise<number[]> =>
        (
          (await t.api('GET', '/api/public/products/BACKFILL-1')).json as {
            imageSets: Array<{ variants: Array<{ width: number }> }>;
          }
        ).imageSets[0]!.variants.map((v) => v.width);
      for (let i = 0; i < 100 && !t.services.feed.trusted; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await widths()).toEqual([]);
      expect(await widths()).toEqual([]);
      expect(await run()).toBe(0);
      if (dialect === 'postgres') expect(await widths()).toEqual([400, 800]);
      // SQLite: the server sees another connection's writes through data_version, read every second.
      let seen: number[] = [];
      for (let i = 0; i < 40 && seen.length === 0; i++) {
        seen = await widths();
        if (seen.length === 0) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toEqual([400, 800]);
    },
  );

  it('asks for --backfill', async () => {
    expect(await cli(['images'], env(), io)).toBe(2);
    expect(err.at(-1)).toMatch(/images needs --backfill/);
  });
});
