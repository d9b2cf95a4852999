import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../server/db/migrate.js';
import { addScheduled, applyDueChanges, listScheduled, withScheduled } from '../../../server/core/scheduledChanges.js';
import { getRecord } from '../../../server/core/described.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { SCHEDULER_ACTOR } from '../../../domain/schedule.js';
import { dialects, freshDb } from '../helpers/index.js';

type Row = Record<string, unknown>;

// Migration 025 on a database with records written before it: each reads as before, with nothing pending, and may
// then be scheduled and changed by the scheduler like a record written after it.
describe.each(dialects())('migration 025, scheduled changes, on existing records (%s)', (dialect) => {
  const fresh = freshDb(dialect);

  it('leaves the records written before it as they were, nothing pending, and schedules them after', async () => {
    const db = await fresh.open();
    await fresh.migrateTo('024_saved_views_resource');
    const old = db.kysely as unknown as Kysely<Record<string, Row>>;
    await old
      .insertInto('careguides')
      .values({
        id: 'g1',
        title: 'Linen towels',
        body: 'Wash at 40',
        fabric: 'linen',
        picture: '[]',
        translations: '{}',
        search_text: 'linen towels wash at 40',
        version: 3,
        created: '2026-01-01T00:00:00.000Z',
        updated: null,
        created_by: 'u1',
        updated_by: null,
      })
      .execute();
    await migrate(db);

    const before = await getRecord(db.kysely, careguides, 'g1');
    expect(before).toMatchObject({ title: 'Linen towels', fabric: 'linen', version: 3 });
    expect(await listScheduled(db.kysely, careguides, 'g1')).toEqual([]);
    expect((await withScheduled(db.kysely, careguides, [before]))[0]!.scheduled).toBeUndefined();

    const now = Date.parse('2026-06-01T10:00:00.000Z');
    const at = new Date(now + 3600_000).toISOString();
    await addScheduled(
      db.kysely,
      careguides,
      { uid: 'u1' },
      'g1',
      { field: 'fabric', value: 'cotton', at },
      new Date(now).toISOString(),
    );
    expect(await applyDueChanges(db.kysely, [careguides], new Date(at))).toBe(1);
    expect(await getRecord(db.kysely, careguides, 'g1')).toMatchObject({ fabric: 'cotton', version: 4 });
    const [entry] = await db.kysely.selectFrom('history').selectAll().where('record_id', '=', 'g1').execute();
    expect(entry).toMatchObject({ actor: SCHEDULER_ACTOR, action: 'changed' });
    expect(JSON.parse(entry!.diff)).toEqual({ fabric: ['linen', 'cotton'] });
  });
});
