import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { servedResources } from '../../../server/resources.js';
import { callerOf, dataWithTables, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// A described resource's refusals are the catalogue's words (domain/messages.ts, messages.sv.ts), in the caller's
// language (Accept-Language), once per field, whatever the rule that refused: a value of the wrong type too, never the
// validator's own English. An optional field left out of an add is taken as empty.
const fabrics = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80, unique: true },
    weight: { kind: 'integer', min: 50, max: 500 },
    note: { kind: 'line', max: 80, optional: true },
    washable: { kind: 'boolean' },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
}) as ResourceDescription;

/** The range refusal of weight (50..500). */
const inRange = (words: string) => words.replace('%{min}', '50').replace('%{max}', '500');

describe.each(dialects())('a described resource’s refusals (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let cookie: string;
  beforeAll(async () => {
    // The made-up resource's table, as its generated migration would make it.
    data = await dataWithTables(dialect, [fabrics]);
    t = await startApp({ dialect, data, build: { described: [...servedResources, fabrics] } });
    cookie = (await callerOf(t, 'editor')).cookie!;
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const post = (body: unknown, language = 'en') =>
    t.api('POST', '/api/fabrics', { cookie, body, origin: t.publicUrl, headers: { 'accept-language': language } });
  const details = (res: { json: { error: { details: { path: string; message: string }[] } } }) =>
    res.json.error.details.map((d) => [d.path.replace(/^body/, ''), d.message]);

  it('says a value of the wrong type in the catalogue’s words, in English and Swedish', async () => {
    const body = { name: 12, weight: 'heavy', washable: 'yes' };
    expect(details(await post(body))).toEqual([
      ['/name', messages.errors.expectedText],
      ['/weight', inRange(messages.records.badNumber)],
      ['/washable', messages.errors.expectedBoolean],
    ]);
    expect(details(await post(body, 'sv'))).toEqual([
      ['/name', sv.errors.expectedText],
      ['/weight', inRange(sv.records.badNumber)],
      ['/washable', sv.errors.expectedBoolean],
    ]);
  });

  it('refuses a field once, however many of its rules a value breaks', async () => {
    const res = await post({ name: 'Linen', weight: 12.5, washable: true });
    expect(res.status).toBe(400);
    expect(details(res)).toEqual([
      ['/weight', messages.records.badNumber.replace('%{min}', '50').replace('%{max}', '500')],
    ]);
  });

  it('says a required field left out is required, and a field it does not know by name', async () => {
    expect(details(await post({ weight: 200, washable: true, colour: 'red' }, 'sv'))).toEqual([
      ['/name', sv.common.required],
      ['/', sv.errors.unknownFields.replace('%{keys}', 'colour')],
    ]);
  });

  it('takes an optional field left out of the body as empty', async () => {
    const res = await post({ name: 'Percale', weight: 120, washable: false });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ name: 'Percale', weight: 120, note: '', washable: false });
  });
});
