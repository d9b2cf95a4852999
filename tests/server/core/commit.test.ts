import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit } from '../../../server/core/commit.js';
import { onChange, type Change } from '../../../server/core/events.js';
import { dialects, startApp, type TestApp } from '../helpers/index.js';

// commit() is the one path of a change: the write, its history entry and its announcement go together or not at all,
// and the announcement comes only once the transaction has committed (a listener reading the database sees the change).
describe.each(dialects())('commit (%s)', (dialect) => {
  let t: TestApp;
  let heard: { changes: readonly Change[]; seen: boolean }[] = [];
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('history')
          .select((e) => e.fn.countAll().as('n'))
          .where('record_id', 'like', 'commit-%')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const statusRow = async () =>
    t.db.selectFrom('app_status').select('updated').where('id', '=', 'app').executeTakeFirst();

  beforeAll(async () => {
    t = await startApp({ dialect });
    onChange(t.db, async (changes) => {
      // What a listener reads when it hears: the change must be visible by then.
      const row = await t.db.selectFrom('app_status').select('updated').where('id', '=', 'app').executeTakeFirst();
      heard.push({ changes, seen: row?.updated === 'commit-test' });
    });
  });
  afterAll(async () => t?.close());

  const change = (id: string): Change => ({ kind: 'appStatus', id: 'app', active: id === 'on', actor: null });

  it('records the entries in the change’s transaction and announces after the commit', async () => {
    heard = [];
    const before = await count();
    const value = await commit(t.db, null, async (trx) => {
      await trx.updateTable('app_status').set({ updated: 'commit-test' }).where('id', '=', 'app').execute();
      // Nothing is announced while the transaction is open.
      expect(heard).toEqual([]);
      return {
        value: 42,
        history: [{ kind: 'appStatus', recordId: 'commit-1', action: 'changed', diff: { active: [false, true] } }],
        announce: [change('on')],
      };
    });
    expect(value).toBe(42);
    expect(await count()).toBe(before + 1);
    expect(heard).toEqual([{ changes: [change('on')], seen: true }]);
  });

  it('keeps nothing and announces nothing when the work fails', async () => {
    heard = [];
    const before = await count();
    const was = await statusRow();
    await expect(
      commit(t.db, null, async (trx) => {
        await trx.updateTable('app_status').set({ updated: 'rolled back' }).where('id', '=', 'app').execute();
        await trx
          .insertInto('history')
          .values({
            at: 'x',
            actor: null,
            actor_name: '',
            kind: 'appStatus',
            resource: null,
            record_id: 'commit-2',
            action: 'changed',
            diff: '{}',
          })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count()).toBe(before);
    expect(await statusRow()).toEqual(was);
    expect(heard).toEqual([]);
  });

  it('joins a commit made inside another: one announcement of both, after the outer commit', async () => {
    heard = [];
    const before = await count();
    await commit(t.db, null, async (trx) => {
      const inner = await commit(trx, null, async () => ({
        value: 'inner',
        history: [{ kind: 'appStatus', recordId: 'commit-3', action: 'changed', diff: { a: [1, 2] } }],
        announce: [change('off')],
      }));
      expect(inner).toBe('inner');
      expect(heard).toEqual([]);
      return {
        value: undefined,
        history: [{ kind: 'appStatus', recordId: 'commit-4', action: 'changed', diff: { a: [2, 3] } }],
        announce: [change('on')],
      };
    });
    expect(await count()).toBe(before + 2);
    expect(heard.map((h) => h.changes)).toEqual([[change('off'), change('on')]]);
  });

  it('loses the inner entries with the outer transaction when the outer work fails after it', async () => {
    heard = [];
    const before = await count();
    await expect(
      commit(t.db, null, async (trx) => {
        await commit(trx, null, async () => ({
          value: 1,
          history: [{ kind: 'appStatus', recordId: 'commit-5', action: 'changed', diff: { a: [1, 2] } }],
          announce: [change('off')],
        }));
        throw new Error('late');
      }),
    ).rejects.toThrow('late');
    expect(await count()).toBe(before);
    expect(heard).toEqual([]);
  });

  it('refuses a transaction it did not open, whose changes would never be announced', async () => {
    await expect(
      t.db.transaction().execute((trx) => commit(trx, null, async () => ({ value: 1, announce: [change('on')] }))),
    ).rejects.toThrow(/did not open/);
  });
});
