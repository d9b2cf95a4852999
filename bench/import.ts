import { join } from 'node:path';
import sharp from 'sharp';
import type { Db } from '../server/db/index.js';
import { storeUpload } from '../server/core/files.js';
import { localStore } from '../server/files/store.js';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, signIn, type Measure } from './lib.js';

/** A CSV import of `rows` products through POST /api/products/import, as the import screen sends it. */
export interface ImportFigures {
  rows: number;
  /** The preview of rows all new (writes nothing), the apply that creates them, and an apply changing every price. */
  previewMs: Measure;
  applyNewMs: Measure;
  applyChangedMs: Measure;
}

type Cells = Record<string, string>;

/** One file's rows, as the browser sends them after parsing (line numbers as a spreadsheet shows them). */
const rowsOf = (cells: Cells[]) => cells.map((c, i) => ({ line: i + 2, cells: c }));

/** A new product's cells, about 150 bytes and one image address, like the rows of the last stop's measurement. */
function newCells(run: number, i: number, image: string): Cells {
  return {
    sku: `IMP-${run}-${String(i).padStart(5, '0')}`,
    name: `Imported linen napkin no. ${i}`,
    category: i % 2 ? 'Linen' : 'Cotton',
    mc: i % 2 ? 'Linen care' : 'Cotton care',
    price: `${19 + (i % 50)}.95`,
    active: i % 9 ? 'true' : 'false',
    details: 'Washed linen, hemmed by hand. Machine wash at 40 °C.',
    images: image,
  };
}

/**
 * Section 'import': `rows` rows previewed, applied as new, then applied again with every price changed; `runs` times.
 */
export async function measureImport(
  place: Place,
  db: Db,
  opts: { rows: number; runs: number },
): Promise<ImportFigures> {
  const editor = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', ACCOUNTS.editor.email)
    .executeTakeFirstOrThrow();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c8b89a' } })
    .png()
    .toBuffer();
  const stored = await storeUpload(
    db.kysely,
    localStore(join(place.dataDir, 'files')),
    { owner: editor.id, originalName: 'napkin.png', data: png },
    40_000_000,
  );
  const ours = await startOurs(place);
  const times = { preview: [] as number[], applyNew: [] as number[], applyChanged: [] as number[] };
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const post = async (cells: Cells[], apply: boolean, expect: Record<string, number>): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${ours.url}/api/products/import`, {
        method: 'POST',
        headers: { cookie, origin: ours.url, 'content-type': 'application/json' },
        body: JSON.stringify({ rows: rowsOf(cells), apply }),
      });
      const body = (await res.json()) as { counts?: Record<string, number> };
      const ms = performance.now() - t0;
      const wrong = Object.entries(expect).filter(([k, v]) => body.counts?.[k] !== v);
      if (res.status !== 200 || wrong.length)
        throw new Error(`import answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return ms;
    };
    for (let run = 1; run <= opts.runs; run++) {
      log(`import run ${run}: ${opts.rows.toLocaleString('en')} rows`);
      const fresh = Array.from({ length: opts.rows }, (_, i) => newCells(run, i, stored.address));
      times.preview.push(await post(fresh, false, { create: opts.rows }));
      times.applyNew.push(await post(fresh, true, { create: opts.rows }));
      const changed = fresh.map((c) => ({ ...c, price: `${c.price!.split('.')[0]}.50` }));
      times.applyChanged.push(await post(changed, true, { update: opts.rows }));
    }
  } finally {
    await ours.child.stop();
  }
  return {
    rows: opts.rows,
    previewMs: measure(times.preview),
    applyNewMs: measure(times.applyNew),
    applyChangedMs: measure(times.applyChanged),
  };
}
