import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows, readValueNow } from '../../../server/db/read.js';
import { dialects, startApp, type TestApp } from '../helpers/index.js';

// server/db/read.ts runs the hot reads straight on the driver; these pin down that it answers what Kysely would,
// and that it never reads around a transaction Kysely holds open.
type Row = { id: string; active: number };

describe.each(dialects())('direct reads (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('answers the same rows as Kysely, with `?` placeholders bound in order, again and again', async () => {
    const viaKysely = await t.db
      .selectFrom('languages')
      .select(['id', 'version'])
      .where('id', 'in', ['en', 'se'])
      .orderBy('id')
      .execute();
    for (let i = 0; i < 3; i++) {
      const direct = await readRows<{ id: string; version: number }>(
        t.db,
        'select id, version from languages where id = ? or id = ? order by id',
        ['se', 'en'],
      );
      expect(direct).toEqual(viaKysely);
    }
    expect(await readRows(t.db, 'select id from languages where id = ?', ['xx'])).toEqual([]);
  });

  it('inside a transaction reads through it; outside it sees nothing uncommitted', async () => {
    const seen: { inside: Row[]; outside: Row[] | null } = { inside: [], outside: null };
    let outside: Promise<Row[]> | null = null;
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('app_status').set({ active: 0 }).execute();
        seen.inside = await readRows<Row>(trx, 'select id, active from app_status', []);
        // Started while the change is uncommitted; it must not answer the uncommitted value.
        outside = readRows<Row>(t.db, 'select id, active from app_status', []);
        // PostgreSQL answers it on another connection while this transaction is open; on SQLite's one connection a
        // read around the transaction would have answered at the call, and the right one waits for the roll back.
        if (dialect === 'postgres') await outside;
        throw new Error('roll back');
      })
      .catch(() => undefined);
    seen.outside = await outside!;
    expect(seen.inside.map((r) => Number(r.active))).toEqual([0]);
    expect(seen.outside.map((r) => Number(r.active))).toEqual([1]);
  });

  it('answers one value at once on SQLite, declining inside a transaction and on PostgreSQL', async () => {
    const text = 'select version from languages where id = ?';
    const [row] = await readRows<{ version: number }>(t.db, text, ['en']);
    if (dialect === 'postgres') {
      expect(readValueNow(t.db, text, ['en'])).toBeUndefined();
      return;
    }
    expect(readValueNow(t.db, text, ['en'])).toBe(row!.version);
    expect(readValueNow(t.db, text, ['xx'])).toBeUndefined();
    // The same text through Kysely still answers rows, not the single value.
    expect(await readRows(t.db, text, ['en'])).toEqual([row]);
    let inside: unknown = 'not asked';
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('languages').set({ version: 99 }).where('id', '=', 'en').execute();
        inside = readValueNow(t.db, text, ['en']);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(inside).toBeUndefined();
    expect(readValueNow(t.db, text, ['en'])).toBe(row!.version);
  });
});
