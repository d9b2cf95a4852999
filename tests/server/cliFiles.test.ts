import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../server/cli.js';
import { storeUpload } from '../../server/core/files.js';
import { createData, dialects, startApp, type DataStore, type TestApp } from './helpers/index.js';
import { makeImage } from './helpers/images.js';

describe.each(dialects())('CLI demo and sweep-files (%s)', (dialect) => {
  let data: DataStore;
  let t: TestApp;
  const out: string[] = [];
  const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
  beforeAll(async () => {
    data = await createData(dialect);
    t = await startApp({ dialect, data });
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });
  const env = () => ({ DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? undefined, LOG_LEVEL: 'silent' });
  const onDisk = (address: string) => existsSync(join(data.dataDir, 'files', address.replace('/files/', '')));

  it('loads a demo catalogue with real, stored images, and skips SKUs already there', async () => {
    expect(await cli(['demo', '--count', '4'], env(), io)).toBe(0);
    const products = await t.db.selectFrom('products').selectAll().execute();
    expect(products).toHaveLength(4);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['Cotton', 'Linen']));
    for (const p of products) for (const a of JSON.parse(p.images) as string[]) expect(onDisk(a)).toBe(true);
    expect(await cli(['demo', '--count', '5'], env(), io)).toBe(0);
    expect(out.at(-1)).toBe('Added 1 demo products (4 were there already).');
    expect(await cli(['demo', '--count', 'many'], env(), io)).toBe(2);
  });

  it(
    'gives most demo products a Swedish name and details, ' + 'and leaves some without one, as the list marks',
    async () => {
      expect(await cli(['demo', '--count', '20'], env(), io)).toBe(0);
      const products = await t.db
        .selectFrom('products')
        .select(['sku', 'name', 'details', 'translations', 'untranslated'])
        .where('sku', 'like', '__-10__')
        .execute();
      expect(products).toHaveLength(20);
      const se = products.map((p) => ({
        ...p,
        se: (JSON.parse(p.translations) as { se?: { name?: string; details?: string } }).se ?? {},
      }));
      const full = se.filter((p) => p.se.name && p.se.details);
      expect(full.length).toBeGreaterThanOrEqual(15);
      // Swedish words for the goods, not the English copied over.
      for (const p of full) {
        expect(p.se.name).toMatch(
          /^(Kökshandduk|Örngott|Påslakan|Servettset|Löpare|Förkläde|Badlakan|Pläd|Gardin|Tygkasse) i (bomull|linne), /,
        );
        expect(p.se.details).toMatch(/ i färgen /);
        expect(p.untranslated).toBe('');
      }
      const partial = se.filter((p) => !(p.se.name && p.se.details));
      expect(partial.filter((p) => !p.se.details).length).toBeGreaterThan(0);
      expect(partial.filter((p) => !p.se.name).length).toBeGreaterThan(0);
      for (const p of partial) expect(p.untranslated).toBe(',se,');
    },
  );

  it('sweeps images no product uses once their grace has passed, and keeps the rest', async () => {
    const orphan = await storeUpload(
      t.db,
      t.services.store,
      { owner: 'x', originalName: 'orphan.jpg', data: await makeImage('jpeg', 3000) },
      t.config.imageMaxPixels,
    );
    expect(await cli(['sweep-files'], env(), io)).toBe(0);
    expect(onDisk(orphan.address)).toBe(true);
    await t.db.updateTable('files').set({ created: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await cli(['sweep-files'], env(), io)).toBe(0);
    expect(out.at(-1)).toMatch(/^Removed 1 unused images/);
    expect(onDisk(orphan.address)).toBe(false);
    expect(onDisk(orphan.thumbnail)).toBe(false);
    const used = await t.db.selectFrom('products').select('images').execute();
    for (const p of used) for (const a of JSON.parse(p.images) as string[]) expect(onDisk(a)).toBe(true);
  });

  it(
    'backs up the SQLite database to a file that opens with ' + 'the same data, and says to use pg_dump on PostgreSQL',
    async () => {
      const file = join(data.dataDir, 'backup-copy.sqlite');
      const code = await cli(['backup', file], env(), io);
      if (dialect === 'postgres') {
        expect(code).toBe(1);
        expect(out.at(-1)).toMatch(/pg_dump/);
        return;
      }
      expect(code).toBe(0);
      const Database = (await import('better-sqlite3')).default;
      const copy = new Database(file, { readonly: true });
      const rows = copy.prepare('select count(*) as n from products').get() as { n: number };
      copy.close();
      const live = await t.db.selectFrom('products').select('id').execute();
      expect(rows.n).toBe(live.length);
      expect(rows.n).toBeGreaterThan(0);
      // Password hashes and sessions are in both: readable by their owner only.
      const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
      expect(mode(file)).toBe('600');
      for (const name of ['console.sqlite', 'console.sqlite-wal']) expect(mode(join(data.dataDir, name))).toBe('600');
    },
  );
});
