import { BULK_BATCH, BULK_MAX } from '../domain/productBulk.js';
import { ACCOUNTS, type Place } from './seed.js';
import { startOurs } from './api.js';
import { log, measure, signIn, type Measure } from './lib.js';

/** A bulk edit of BULK_MAX products through the API, as the products list's bulk action bar does it. */
export interface BulkFigures {
  products: number;
  /** GET /api/products/ids: 'Select all N matching' over the catalogue (the first BULK_MAX, with versions). */
  selectAllMs: Measure;
  /** POST /api/products/bulk with every id at once: the server's 500-product transactions back to back. */
  oneRequestMs: Measure;
  /** The same change as the browser sends it: requests of 500 one after another, the batch carried on. */
  chunkedMs: Measure;
  /** POST /api/products/bulk/:batch/undo of the one-request change. */
  undoMs: Measure;
}

type Ids = { items: { id: string; version: number }[]; more: boolean };
type Result = { batch: string; items: { id: string; version?: number }[]; counts: Record<string, number> };

/** Section 'bulk': select all, set the status of BULK_MAX products (one request; 500 a request), undo; `runs` times. */
export async function measureBulk(place: Place, opts: { runs: number }): Promise<BulkFigures> {
  const ours = await startOurs(place);
  const times = { selectAll: [] as number[], one: [] as number[], chunked: [] as number[], undo: [] as number[] };
  try {
    const cookie = await signIn(ours.url, ACCOUNTS.editor.email, ACCOUNTS.editor.password);
    const call = async <T>(path: string, body?: unknown): Promise<{ ms: number; json: T }> => {
      const t0 = performance.now();
      const res = await fetch(`${ours.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { cookie, origin: ours.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as T;
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return { ms: performance.now() - t0, json };
    };
    const expectChanged = (r: Result, n: number): void => {
      if (r.counts.changed !== n)
        throw new Error(`bulk changed ${r.counts.changed}, not ${n}: ${JSON.stringify(r.counts)}`);
    };
    for (let run = 1; run <= opts.runs; run++) {
      log(`bulk run ${run}: ${BULK_MAX.toLocaleString('en')} products`);
      const all = await call<Ids>('/api/products/ids');
      times.selectAll.push(all.ms);
      if (all.json.items.length !== BULK_MAX) throw new Error(`select all found ${all.json.items.length}`);
      const ids = all.json.items.map((p) => p.id);
      const versions = Object.fromEntries(all.json.items.map((p) => [p.id, p.version]));
      // Every product to the same status first (not timed), so each timed change changes all of them.
      await call<Result>('/api/products/bulk', { ids, set: { active: true }, versions });
      const fresh = async (): Promise<Record<string, number>> =>
        Object.fromEntries((await call<Ids>('/api/products/ids')).json.items.map((p) => [p.id, p.version]));
      const one = await call<Result>('/api/products/bulk', { ids, set: { active: false }, versions: await fresh() });
      expectChanged(one.json, BULK_MAX);
      times.one.push(one.ms);
      const undo = await call<{ undone: number }>(`/api/products/bulk/${one.json.batch}/undo`, {});
      if (undo.json.undone !== BULK_MAX) throw new Error(`undo set back ${undo.json.undone}`);
      times.undo.push(undo.ms);
      const now = await fresh();
      const t0 = performance.now();
      let batch: string | undefined;
      let changed = 0;
      for (let i = 0; i < ids.length; i += BULK_BATCH) {
        const part = ids.slice(i, i + BULK_BATCH);
        const res = await call<Result>('/api/products/bulk', {
          ids: part,
          set: { active: false },
          versions: Object.fromEntries(part.map((id) => [id, now[id]])),
          batch,
        });
        batch = res.json.batch;
        changed += res.json.counts.changed!;
      }
      times.chunked.push(performance.now() - t0);
      if (changed !== BULK_MAX) throw new Error(`chunked bulk changed ${changed}`);
    }
  } finally {
    await ours.child.stop();
  }
  return {
    products: BULK_MAX,
    selectAllMs: measure(times.selectAll),
    oneRequestMs: measure(times.one),
    chunkedMs: measure(times.chunked),
    undoMs: measure(times.undo),
  };
}
