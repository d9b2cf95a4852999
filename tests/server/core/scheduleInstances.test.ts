import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createData,
  createUser,
  pgAvailable,
  signIn,
  startApp,
  type DataStore,
  type TestApp,
} from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { applyDue } from '../../../server/core/schedule.js';
import { SCHEDULER_ACTOR } from '../../../domain/schedule.js';

const HOUR = 3600_000;
const at = (ms: number): string => new Date(ms).toISOString();
const PRODUCTS = 24;

// Two instances on one PostgreSQL database, each with its scheduler: every scheduled time is applied exactly once,
// whether both wake at the same moment (called together) or run on their own timers.
describe.skipIf(!pgAvailable())('scheduled status across two instances (postgres)', () => {
  let data: DataStore;
  let a: TestApp;
  let b: TestApp;
  let cookie: string;
  let image: string;
  // The clock both instances' timers read: the test moves it.
  let clockMs = Date.now();
  const clock = () => new Date(clockMs);
  beforeAll(async () => {
    data = await createData('postgres');
    // A one-second timer: their runs meet often, and the test waits for the outcome, never for a set time.
    const env = { SCHEDULE_CHECK_SECONDS: '1' };
    a = await startApp({ dialect: 'postgres', data, env, build: { clock } });
    b = await startApp({ dialect: 'postgres', data, env, build: { clock } });
    const editor = await createUser(a, 'editor');
    cookie = await signIn(a, editor.email, editor.password);
    image = await storedImage(a, editor.uid);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await data?.drop();
  });

  /** Products with a time each, `start` plus i minutes, alternately 'active from' (inactive now) and 'active until'. */
  const schedule = async (prefix: string, start: number): Promise<Array<{ id: string; when: number }>> => {
    const made: Array<{ id: string; when: number }> = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const when = start + i * 60_000;
      const from = i % 2 === 0;
      const body = {
        sku: `${prefix}-${i}`,
        category: 'Cotton',
        mc: 'Cotton care',
        name: 'Towel',
        details: 'Soft',
        price: '99 SEK',
        images: [image],
      };
      const res = await a.api('POST', '/api/products', {
        cookie,
        body: { ...body, active: !from, [from ? 'activeFrom' : 'activeUntil']: at(when) },
      });
      expect(res.status).toBe(201);
      made.push({ id: res.json.id as string, when });
    }
    return made;
  };
  const schedulerEntries = async (ids: string[]) =>
    a.db
      .selectFrom('history')
      .select(['record_id', 'diff'])
      .where('actor', '=', SCHEDULER_ACTOR)
      .where('record_id', 'in', ids)
      .execute();

  it('applies each time once when both instances run at the same moments', async () => {
    // Later than the other test's times: its timers, on the shared clock, must not reach these first.
    const start = Date.now() + 40 * HOUR;
    const made = await schedule('TWO-SAME', start);
    let applied = 0;
    // Each step both instances run together at the same clock, reaching a few more times each step.
    for (let step = 0; step <= PRODUCTS; step += 3) {
      const now = new Date(start + step * 60_000);
      const [x, y] = await Promise.all([applyDue(a.db, now), applyDue(b.db, now)]);
      applied += x + y;
      expect(applied).toBe(Math.min(step + 1, PRODUCTS));
    }
    const entries = await schedulerEntries(made.map((m) => m.id));
    expect(entries).toHaveLength(PRODUCTS);
    expect(new Set(entries.map((e) => e.record_id)).size).toBe(PRODUCTS);
    const rows = await a.db
      .selectFrom('products')
      .select(['id', 'active', 'active_from', 'active_until', 'version'])
      .where(
        'id',
        'in',
        made.map((m) => m.id),
      )
      .execute();
    for (const r of rows)
      expect({ from: r.active_from, until: r.active_until, version: r.version }).toEqual({
        from: null,
        until: null,
        version: 2,
      });
  });

  it('applies each time once with both instances on their own timers', async () => {
    const start = Date.now() + 20 * HOUR;
    const made = await schedule('TWO-TIMER', start);
    const ids = made.map((m) => m.id);
    // Move the shared clock past the times in three jumps, each time waiting until the timers have applied what is due.
    for (const upTo of [start + 5 * 60_000, start + 15 * 60_000, start + PRODUCTS * 60_000]) {
      clockMs = upTo;
      const due = made.filter((m) => m.when <= upTo).length;
      await expect.poll(async () => (await schedulerEntries(ids)).length, { timeout: 15_000, interval: 200 }).toBe(due);
    }
    const entries = await schedulerEntries(ids);
    expect(new Set(entries.map((e) => e.record_id)).size).toBe(PRODUCTS);
    // Every product changed once: version 2, its status the scheduled one.
    const rows = await a.db
      .selectFrom('products')
      .select(['sku', 'active', 'version'])
      .where('id', 'in', ids)
      .execute();
    for (const r of rows)
      expect({ sku: r.sku, active: r.active, version: r.version }).toEqual({
        sku: r.sku,
        active: Number(r.sku.split('-').pop()) % 2 === 0 ? 1 : 0,
        version: 2,
      });
  });
});
