import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { format, messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { openDb } from '../../../server/db/index.js';
import { migrate } from '../../../server/db/migrate.js';
import { applyTableSteps, planSteps, sortIndexesOf, sortKeySql } from '../../../server/db/describedTables.js';
import { servedResources } from '../../../server/resources.js';
import { callerOf, createData, dialects, startApp, type DataStore, type TestApp } from '../helpers/index.js';

// A described list's order and filters (routes/described.ts, core/described.ts listQueryOf and listRecords): any
// sortable field both ways in keyset pages, ties by id, a translated field in the language asked for (English where it
// has none), text in code-point order on both databases (the same pages on SQLite and PostgreSQL), each filter by
// kind, and a bad order or filter refused naming its parameter.

const things = describeResource({
  name: 'sorted_things',
  area: 'products',
  fields: {
    // Exact: 'a', 'Ä' and 'Å' are three codes here (a folded unique would refuse the second).
    code: { kind: 'line', max: 40, unique: 'exact', search: true },
    name: { kind: 'translated', max: 60 },
    tone: { kind: 'choice', options: ['calm', 'bright', 'dark'] },
    price: { kind: 'number', max: 1000, decimals: 2 },
    count: { kind: 'integer', max: 100 },
    done: { kind: 'boolean' },
    supplier: { kind: 'reference', to: 'suppliers', optional: true },
    day: { kind: 'date', optional: true },
    notes: { kind: 'text', max: 200 },
  },
  sort: { field: 'code', order: 'asc' },
  search: 'code',
});
const RESOURCES: ResourceDescription[] = [...servedResources, things];
const SAID = { en: messages.errors, sv: sv.errors };

// code, English name, Swedish name ('' = none), tone, price, count, done, day.
const ROWS = [
  ['Å', 'Apple', 'Äpple', 'calm', 12.5, 3, true, '2026-01-05'],
  ['Ä', 'Banana', '', 'bright', 3, 1, false, ''],
  ['Ö', 'Cherry', 'Körsbär', 'dark', 700.25, 3, true, '2026-03-01'],
  ['a', 'Damson', 'Plommon', 'calm', 0.5, 2, false, '2025-12-31'],
  ['B', 'Elder', 'Fläder', 'bright', 40, 3, false, '2026-02-10'],
] as const;

describe.each(dialects())('a described list’s order and filters (%s)', (dialect) => {
  let t: TestApp;
  let data: DataStore;
  let admin: string;
  const id = new Map<string, string>();
  let supplier = '';

  beforeAll(async () => {
    data = await createData(dialect);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      await migrate(db);
      await applyTableSteps(db.kysely as unknown as Kysely<unknown>, planSteps([things], []).steps);
    } finally {
      await db.kysely.destroy();
    }
    t = await startApp({ dialect, data, build: { described: RESOURCES } });
    admin = (await callerOf(t, 'admin')).cookie!;
    const made = await t.api('POST', '/api/suppliers', {
      cookie: admin,
      origin: t.publicUrl,
      body: { name: 'Weaver AB', contactPerson: '', email: '', country: 'SE', notes: '' },
    });
    expect(made.status, made.text).toBe(201);
    supplier = made.json.id;
    for (const [code, name, se, tone, price, count, done, day] of ROWS) {
      const res = await t.api('POST', '/api/sorted_things', {
        cookie: admin,
        origin: t.publicUrl,
        body: {
          code,
          name,
          translations: se ? { se: { name: se } } : {},
          tone,
          price,
          count,
          done,
          supplier: code === 'Ö' || code === 'a' ? supplier : '',
          day,
          notes: '',
        },
      });
      expect(res.status, res.text).toBe(201);
      id.set(code, res.json.id);
    }
  });
  afterAll(async () => {
    await t?.close();
    await data?.drop();
  });

  const get = (query: string, lang: 'en' | 'sv' = 'en') =>
    t.api('GET', `/api/sorted_things?${query}`, { cookie: admin, headers: { 'accept-language': lang } });
  /** Every page of a query, two rows a page, as codes. */
  const walk = async (query: string): Promise<string[]> => {
    const codes: string[] = [];
    let next: string | null = null;
    do {
      const res = await get(`${query}&limit=2${next ? `&after=${encodeURIComponent(next)}` : ''}`);
      expect(res.status, res.text).toBe(200);
      codes.push(...res.json.items.map((r: { code: string }) => r.code));
      next = res.json.next;
    } while (next);
    return codes;
  };
  const byId = (...codes: string[]) => [...codes].sort((a, b) => (id.get(a)! < id.get(b)! ? -1 : 1));

  it('sorts by each sortable field, both ways, in keyset pages, ties by id', async () => {
    // Code points: capitals before small letters, Ä before Å before Ö, on both databases.
    expect(await walk('sort=code&order=asc')).toEqual(['B', 'a', 'Ä', 'Å', 'Ö']);
    expect(await walk('sort=code&order=desc')).toEqual(['Ö', 'Å', 'Ä', 'a', 'B']);
    expect(await walk('order=asc')).toEqual(['B', 'a', 'Ä', 'Å', 'Ö']);
    expect(await walk('sort=price&order=asc')).toEqual(['a', 'Ä', 'Å', 'B', 'Ö']);
    expect(await walk('sort=price&order=desc')).toEqual(['Ö', 'B', 'Å', 'Ä', 'a']);
    expect(await walk('sort=count&order=asc')).toEqual(['Ä', 'a', ...byId('Å', 'Ö', 'B')]);
    expect(await walk('sort=count&order=desc')).toEqual([...byId('Å', 'Ö', 'B').reverse(), 'a', 'Ä']);
    expect(await walk('sort=done&order=desc')).toEqual([...byId('Å', 'Ö').reverse(), ...byId('Ä', 'a', 'B').reverse()]);
    expect(await walk('sort=tone&order=asc')).toEqual([...byId('Ä', 'B'), ...byId('Å', 'a'), 'Ö']);
    // An empty date first, then the calendar's order.
    expect(await walk('sort=day&order=asc')).toEqual(['Ä', 'a', 'Å', 'B', 'Ö']);
  });

  it('sorts a translated field in the language asked for, English where it has none', async () => {
    expect(await walk('sort=name&order=asc')).toEqual(['Å', 'Ä', 'Ö', 'a', 'B']);
    expect(await walk('sort=name&order=asc&lang=en')).toEqual(['Å', 'Ä', 'Ö', 'a', 'B']);
    // Banana (no Swedish), Fläder, Körsbär, Plommon, Äpple.
    expect(await walk('sort=name&order=asc&lang=se')).toEqual(['Ä', 'B', 'Ö', 'a', 'Å']);
    expect(await walk('sort=name&order=desc&lang=se')).toEqual(['Å', 'a', 'Ö', 'B', 'Ä']);
  });

  it('filters by a choice, a yes/no, a reference, number and date ranges, with the search and an order', async () => {
    expect(await walk('tone=calm,dark')).toEqual(['a', 'Å', 'Ö']);
    expect(await walk('done=true')).toEqual(['Å', 'Ö']);
    expect(await walk('done=false&sort=code&order=desc')).toEqual(['Ä', 'a', 'B']);
    expect(await walk(`supplier=${supplier}`)).toEqual(['a', 'Ö']);
    expect(await walk('price_gte=3&price_lte=40')).toEqual(['B', 'Ä', 'Å']);
    expect(await walk('count_gte=3')).toEqual(['B', 'Å', 'Ö']);
    expect(await walk('day_gte=2026-01-01&day_lte=2026-02-28')).toEqual(['B', 'Å']);
    // An empty date is in no range.
    expect(await walk('day_lte=2026-01-05')).toEqual(['a', 'Å']);
    expect(await walk('tone=bright&done=false&sort=price&order=desc')).toEqual(['B', 'Ä']);
    expect(await walk('q=b&tone=bright')).toEqual(['B']);
  });

  it('refuses an order or a filter it cannot take, naming the parameter, in the caller’s language', async () => {
    const bad = [
      ['sort=bogus', 'sort'],
      ['sort=notes', 'sort'],
      ['sort=supplier', 'sort'],
      ['sort=constructor', 'sort'],
      ['sort=code&order=up', 'order'],
      ['sort=name&lang=xx', 'lang'],
      ['tone=calm,nope', 'tone'],
      ['tone=', 'tone'],
      ['done=yes', 'done'],
      ['price_gte=abc', 'price_gte'],
      ['price_lte=', 'price_lte'],
      ['count_gte=1.5', 'count_gte'],
      ['day_gte=2026-02-30', 'day_gte'],
      ['supplier=', 'supplier'],
    ] as const;
    for (const [query, name] of bad)
      for (const lang of ['en', 'sv'] as const) {
        const res = await get(query, lang);
        expect(res.status, query).toBe(400);
        const message = format(SAID[lang].badParameter, { name });
        expect(res.json.error, query).toEqual({
          code: 'validation',
          message,
          details: [{ path: `/${name}`, message }],
        });
      }
    // A NUL or a lone surrogate in a parameter: refused by the text rule, naming it, never reaching the database.
    for (const [query, name] of [
      ['sort=co%00de', 'sort'],
      ['order=%ED%A0%80', 'order'],
      ['tone=%00', 'tone'],
      ['sort=%ED%A0%80', 'sort'],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.json.error), query).toContain(`/${name}`);
    }
    // The guide's example (docs/adding-a-resource.md, 'Sorting and filters'), as written.
    const guide = await t.api('GET', '/api/careguides?sort=fabric&order=desc&fabric=linen,blend&limit=5', {
      cookie: admin,
    });
    expect(guide.status, guide.text).toBe(200);
    const picture = await t.api('GET', '/api/careguides?sort=picture', { cookie: admin });
    expect(picture.json.error.message).toBe('This list cannot take this value of sort.');
    // A cursor of a text order sent to a number order.
    const first = await get('sort=code&limit=2');
    expect((await get(`sort=count&limit=2&after=${encodeURIComponent(first.json.next)}`)).status).toBe(400);
  });

  it('has an index for each order, which the list reads', async () => {
    const sorts = sortIndexesOf(things);
    expect(sorts.map((s) => `${s.field}${s.lang ? `_${s.lang}` : ''}`)).toEqual([
      'code',
      'name',
      'name_se',
      'tone',
      'price',
      'count',
      'done',
      'day',
    ]);
    const db = openDb({ databaseUrl: data.databaseUrl, dataDir: data.dataDir });
    try {
      const k = db.kysely as unknown as Kysely<unknown>;
      const postgres = dialect === 'postgres';
      if (postgres) await sql`set enable_seqscan = off`.execute(k);
      for (const s of sorts) {
        const key = sortKeySql(postgres, s);
        const plan = await sql
          .raw<Record<string, string>>(
            `explain ${postgres ? '' : 'query plan '}select * from sorted_things order by ${key} desc, id desc limit 3`,
          )
          .execute(k);
        const name = `sorted_things_sort_${s.field}${s.lang ? `_${s.lang}` : ''}`;
        // SQLite may read a unique index on the same column instead: the same order.
        expect(JSON.stringify(plan.rows), name).toMatch(postgres ? name : /USING INDEX sorted_things_/);
        expect(JSON.stringify(plan.rows), name).not.toMatch(/TEMP B-TREE|Sort Key/i);
      }
    } finally {
      await db.kysely.destroy();
    }
  });
});
