import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/db/migrate.js';
import { servedResources } from '../../../server/resources.js';
import { createData, pgAvailable, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// Several instances of a new install may start at the same moment on an empty database (a deploy of two machines): the
// first start's work (migrations, the identity tables, languages, the first admin) must happen once, not race.
describe.runIf(pgAvailable())('instances starting together on an empty PostgreSQL database', () => {
  const apps: TestApp[] = [];
  let data: DataStore | undefined;
  afterAll(async () => {
    for (const a of apps) await a.close();
    await data?.drop();
  });

  it('start, all of them, with one set of tables, one first admin and the languages seeded once', async () => {
    data = await createData('postgres');
    const started = await Promise.allSettled([1, 2, 3].map(() => startApp({ dialect: 'postgres', data: data! })));
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const db = apps[0]!.db;
    const count = async (table: string) =>
      Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    expect(await count('users')).toBe(1);
    expect(await count('languages')).toBe(2);
    expect(await count('schema_migrations')).toBe(Object.keys(migrations).length);
    expect(await count('app_status')).toBe(1);
    // The described resources' tables, made by their migrations (under the migrations' lock), once each.
    for (const r of servedResources) {
      const { rows } = await sql<{ n: string }>`select count(*) as n from information_schema.tables
        where table_schema = current_schema() and table_name = ${r.name}`.execute(db);
      expect(Number(rows[0]!.n), r.name).toBe(1);
    }
    // Each instance answers.
    for (const a of apps) expect((await a.api('GET', '/api/health')).status).toBe(200);
  });
});
