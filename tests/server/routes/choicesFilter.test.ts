import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { applyTableSteps, planSteps } from '../../../server/db/describedTables.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { servedResources } from '../../../server/resources.js';
import { callerOf, createData, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// A several-choice field's filter ('has any of'): ?composition=linen,wool keeps the records that hold linen or wool
// among their choices, on both databases; an option it does not have answers 400 naming the parameter.
const fabrics = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true },
    composition: { kind: 'choices', options: ['linen', 'cotton', 'wool', 'linen blend'], optional: true },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;

describe.each(dialects())('a several-choice filter (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  beforeAll(async () => {
    data = await createData(dialect);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([fabrics], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: [...servedResources, fabrics] } });
    cookie = (await callerOf(t, 'editor')).cookie!;
    for (const [name, composition] of [
      ['Half linen', ['linen', 'cotton']],
      ['Percale', ['cotton']],
      ['Tweed', ['wool']],
      ['Blend', ['linen blend']],
      ['Unknown', []],
    ] as const) {
      const res = await t.api('POST', '/api/fabrics', { cookie, origin: t.publicUrl, body: { name, composition } });
      expect(res.status, res.text).toBe(201);
    }
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const names = async (query: string) => {
    const res = await t.api('GET', `/api/fabrics?${query}`, { cookie });
    expect(res.status, res.text).toBe(200);
    return (res.json.items as { name: string }[]).map((r) => r.name);
  };

  it('keeps the records holding any of the options named, an option never matching another it is part of', async () => {
    expect(await names('composition=linen')).toEqual(['Half linen']);
    expect(await names('composition=linen,wool')).toEqual(['Half linen', 'Tweed']);
    expect(await names(`composition=${encodeURIComponent('linen blend')},cotton`)).toEqual([
      'Blend',
      'Half linen',
      'Percale',
    ]);
  });

  it('refuses an option the field does not have, naming the parameter', async () => {
    const res = await t.api('GET', '/api/fabrics?composition=silk', { cookie });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe('This list cannot take this value of composition.');
  });
});
