import { describe, expect, it } from 'vitest';
import { createData, dialects, startApp } from '../helpers/index.js';

// HISTORY_KEEP_DAYS: a server started with it removes older entries (at start, then daily); without it nothing goes.
describe.each(dialects())('change history: HISTORY_KEEP_DAYS (%s)', (dialect) => {
  it('keeps every entry by default and prunes only older ones when set', async () => {
    const data = await createData(dialect);
    try {
      const entries = async (t: Awaited<ReturnType<typeof startApp>>) =>
        (await t.db.selectFrom('history').select(['seq', 'at']).orderBy('seq').execute()).map((r) => Number(r.seq));
      const first = await startApp({ dialect, data });
      // The first start recorded the app status and the first admin; make one of them old.
      const all = await entries(first);
      expect(all.length).toBeGreaterThanOrEqual(2);
      await first.db
        .updateTable('history')
        .set({ at: '2000-01-01T00:00:00.000Z' })
        .where('seq', '=', all[0]!)
        .execute();
      await first.close();

      const forever = await startApp({ dialect, data });
      expect(await entries(forever)).toEqual(all);
      await forever.close();

      const pruning = await startApp({ dialect, data, env: { HISTORY_KEEP_DAYS: '30' } });
      await expect.poll(() => entries(pruning)).toEqual(all.slice(1));
      await pruning.close();
    } finally {
      await data.drop();
    }
  });
});
