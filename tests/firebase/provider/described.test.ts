// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { format, messages } from '../../../domain/messages';
import type { HistoryEntry } from '../../../domain/history';
import { labelColumn, recordCells } from '../../../domain/recordCsv';
import {
  fieldsOfResource,
  hasTranslations,
  labelOf,
  type ResourceDescription,
  type RecordTranslations,
} from '../../../domain/resourceDescription';
import { servedResources } from '../../../server/resources';
import { description as careguides } from '../../../resources/careguides/description';
import type { DescribedRecord } from '../../../providers/firebase/described';
import { clearAccounts } from '../helpers/auth';
import { imageAddress, seedStaff, startBackend, type Backend } from '../helpers/backend';
import { bodyOf, everyKind, valueOf, type Context } from '../../server/helpers/recordValues';
import { filterOf, recordViewPath } from '../../../resources/shared/savedViews';

// Every described resource (server/resources.generated.ts) and a made-up one with a field of every kind, through the
// one generic Firebase provider (providers/firebase/described.ts) on the emulator: add (each kind stored and read back,
// translations as a map), list in order with More, edit and delete from the version loaded (the stale message
// otherwise), and what Firestore cannot do refused as said once by kind (the partial-name search). The rules are
// tested by the rules suite (npm run test:rules); this emulator does not run them.
const RESOURCES: ResourceDescription[] = [...servedResources, everyKind];
let b: Backend;
let adminUid = '';
// Its image: an address of the test bucket's Uploads/ folder (imageAddress), set once the backend is up.
const ctx: Context = { image: '', ids: new Map() };

beforeAll(async () => {
  b = await startBackend(RESOURCES);
  ctx.image = imageAddress(b);
  await clearAccounts();
  window.localStorage.clear();
  adminUid = await seedStaff(b.other(), {
    email: 'admin@example.com',
    password: 'secret-1',
    isEditor: true,
    isAdmin: true,
    firstName: 'Ada',
    lastName: 'Admin',
  });
  await b.authProvider.login({ email: 'admin@example.com', password: 'secret-1' });
});
afterAll(async () => {
  await b.authProvider.logout({});
  await b.stop();
});

describe.each(RESOURCES.map((d) => [d.name, d] as const))('Firebase data provider: %s', (name, d) => {
  const made: DescribedRecord[] = [];
  const list = (after?: string, filter: Record<string, unknown> = {}) =>
    b.dataProvider.getList<DescribedRecord>(name, {
      pagination: { page: 1, perPage: 10 },
      sort: { field: d.sort.field, order: 'ASC' },
      filter,
      meta: after ? { after } : undefined,
    });

  beforeAll(async () => {
    for (const [, f] of fieldsOfResource(d)) {
      if (f.kind !== 'reference' || ctx.ids.has(f.to!)) continue;
      const target = RESOURCES.find((x) => x.name === f.to)!;
      ctx.ids.set(target.name, (await b.dataProvider.create(target.name, { data: bodyOf(target, 9000, ctx) })).data.id);
    }
  });

  it('adds records of every kind and lists them in order, ten a page, More after the last', async () => {
    for (const n of [12, 3, 7, 1, 10, 5, 8, 2, 11, 4, 9, 6]) {
      const body = bodyOf(d, n, ctx);
      const { data } = await b.dataProvider.create<DescribedRecord>(name, { data: body });
      expect(data).toMatchObject(body);
      made.push(data);
    }
    const stored = (await getDoc(doc(b.other(), name, made[0]!.id))).data()!;
    for (const [k, f] of fieldsOfResource(d))
      if (f.kind === 'images') expect(Array.isArray(stored[k])).toBe(true);
      else if (f.kind === 'number' || f.kind === 'integer') expect(typeof stored[k]).toBe('number');
    if (hasTranslations(d)) expect(stored.translations).toEqual(bodyOf(d, 12, ctx).translations);
    const first = await list();
    const second = await list(first.meta?.next as string);
    const ids = [...first.data, ...second.data].map((r) => r.id);
    expect(ids.filter((id) => made.some((m) => m.id === id))).toHaveLength(12);
    const sorted = [...made].sort((x, y) => String(x[d.sort.field]).localeCompare(String(y[d.sort.field])));
    expect(ids.filter((id) => made.some((m) => m.id === id))).toEqual(sorted.map((m) => m.id));
  });

  it('edits and deletes from the version loaded; the stale message otherwise', async () => {
    const rec = made[0]!;
    const field = fieldsOfResource(d).find(
      ([, f]) =>
        !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'number', 'choice'].includes(f.kind),
    )![0];
    const changed = valueOf(d.fields[field]!, 700, ctx);
    const { data } = await b.dataProvider.update<DescribedRecord>(name, {
      id: rec.id,
      data: { ...rec, [field]: changed },
      previousData: rec,
    });
    expect(data).toMatchObject({ [field]: changed });
    await expect(
      b.dataProvider.update(name, { id: rec.id, data: { ...rec, [field]: changed }, previousData: rec }),
    ).rejects.toMatchObject({ status: 409, message: messages.records.stale });
    await expect(b.dataProvider.delete(name, { id: rec.id, previousData: rec })).rejects.toMatchObject({
      status: 409,
      message: messages.records.stale,
    });
    await b.dataProvider.delete(name, { id: rec.id, previousData: data });
    expect((await getDoc(doc(b.other(), name, rec.id))).exists()).toBe(false);
  });

  it("keeps each record's history beside it and undoes a change as our server does", async () => {
    const rec = made[1]!;
    const of = { kind: 'record' as const, resource: name, id: rec.id };
    const field = fieldsOfResource(d).find(
      ([, f]) =>
        !f.locked && !f.unique && ['line', 'text', 'translated', 'integer', 'number', 'choice'].includes(f.kind),
    )![0];
    const translated = fieldsOfResource(d).find(([, f]) => f.kind === 'translated')?.[0];
    const texts = translated ? { translations: { se: { [translated]: 'Ny text' } } } : {};
    const changed = valueOf(d.fields[field]!, 701, ctx);
    const { data: saved } = await b.dataProvider.update<DescribedRecord>(name, {
      id: rec.id,
      data: { ...rec, [field]: changed, ...texts },
      previousData: rec,
    });
    const { items } = await b.dataProvider.getHistory(of);
    expect(items.map((e) => e.action)).toEqual(['changed', 'created']);
    const [change, created] = items as [HistoryEntry, HistoryEntry];
    expect(change).toMatchObject({ kind: 'record', resource: name, recordId: rec.id, actorName: 'Ada Admin' });
    expect(change.actor).toBe(adminUid);
    expect(change.diff[field]).toEqual([rec[field], changed]);
    if (translated)
      expect(change.diff[`${translated}_se`]).toEqual([
        (rec.translations as RecordTranslations).se?.[translated] ?? null,
        'Ny text',
      ]);
    expect(created.diff[field]).toEqual([null, rec[field]]);

    // Undo from a stale page, of an entry that is not a change, then the change itself; once undone, it cannot be
    // undone again (the field has changed since).
    await expect(b.dataProvider.undoHistory(change.id, rec.version, of)).rejects.toMatchObject({
      status: 409,
      message: messages.records.stale,
    });
    await expect(b.dataProvider.undoHistory(created.id, saved.version, of)).rejects.toMatchObject({
      status: 400,
      message: format(messages.history.notUndoableRecord, { resource: name }),
    });
    const undone = (await b.dataProvider.undoHistory(change.id, saved.version, of)) as DescribedRecord;
    expect(undone[field]).toEqual(rec[field]);
    if (translated) expect(undone.translations).toEqual(rec.translations);
    await expect(b.dataProvider.undoHistory(change.id, undone.version, of)).rejects.toMatchObject({
      status: 409,
      message: messages.history.changedSince,
    });

    // A delete leaves the history with what the record held.
    await b.dataProvider.delete(name, { id: rec.id, previousData: undone });
    const after = await b.dataProvider.getHistory(of);
    expect(after.items.map((e) => e.action)).toEqual(['deleted', 'changed', 'changed', 'created']);
    expect(after.items[0]!.diff[field]).toEqual([rec[field], null]);
  });

  it("imports a CSV file by the server's plan: a preview, then all rows in one transaction, with history", async () => {
    const rec = made[2]!;
    const field = fieldsOfResource(d).find(
      ([, f]) => !f.locked && !f.unique && ['line', 'text', 'integer', 'number', 'choice'].includes(f.kind),
    )![0];
    const changed = valueOf(d.fields[field]!, 702, ctx);
    const rows = [
      { line: 2, cells: recordCells(d, { ...rec, [field]: changed }) },
      { line: 3, cells: recordCells(d, made[3]!) },
      { line: 4, cells: { ...recordCells(d, bodyOf(d, 800, ctx)), id: '' } },
    ];
    const preview = await b.dataProvider.importRecords(name, { rows, apply: false });
    expect(preview.counts).toEqual({ create: 1, update: 1, same: 1, error: 0 });
    expect(preview.rows[0]).toMatchObject({ id: rec.id, action: 'update', changes: [field] });
    expect((await b.dataProvider.getOne<DescribedRecord>(name, { id: rec.id })).data[field]).toEqual(rec[field]);

    const applied = await b.dataProvider.importRecords(name, { rows, apply: true });
    expect(applied).toMatchObject({ applied: true, counts: { create: 1, update: 1, same: 1 } });
    expect((await b.dataProvider.getOne<DescribedRecord>(name, { id: rec.id })).data[field]).toEqual(changed);
    const history = await b.dataProvider.getHistory({ kind: 'record', resource: name, id: rec.id });
    expect(history.items[0]).toMatchObject({ action: 'changed', diff: { [field]: [rec[field], changed] } });
    // The same rows with ids again: nothing to change.
    const again = await b.dataProvider.importRecords(name, { rows: rows.slice(0, 2), apply: false });
    expect(again.counts).toEqual({ create: 0, update: 0, same: 2, error: 0 });

    // A row naming no record is refused by name (its unique values are another record's too), and not applied.
    const bad = [{ line: 2, cells: { ...recordCells(d, rec), id: 'no-such-record' } }];
    const checked = await b.dataProvider.importRecords(name, { rows: bad, apply: false });
    expect(checked.rows[0]).toMatchObject({ action: 'error' });
    expect(checked.rows[0]!.errors).toContainEqual({ field: 'id', message: messages.records.notFound });
    await expect(b.dataProvider.importRecords(name, { rows: bad, apply: true })).rejects.toMatchObject({
      status: 400,
      message: messages.csv.hasErrors,
    });
  });

  it('checks every refusal its apply would make, by row and column; a clean file then applies', async () => {
    // Each of these rows once checked as fine and then failed the apply.
    const target = made[5]!;
    const fresh = (n: number) => ({ ...recordCells(d, bodyOf(d, n, ctx)), id: '' });
    const rows: { line: number; cells: Record<string, string> }[] = [];
    const wanted: { line: number; field: string; message: string }[] = [];
    const add = (cells: Record<string, string>, field: string, message: string) => {
      rows.push({ line: rows.length + 2, cells });
      wanted.push({ line: rows.length + 1, field, message });
    };
    for (const [k, f] of fieldsOfResource(d)) {
      if (f.unique) {
        add({ ...fresh(950), [k]: recordCells(d, target)[k]! }, k, messages.records.duplicate);
        rows.push({ line: rows.length + 2, cells: fresh(951) });
        add(fresh(951), k, `The same value is on row ${rows.length + 1}`);
      }
      if (f.kind === 'reference') add({ ...fresh(952), [k]: 'no-such-record' }, k, messages.records.noSuchReference);
      if (f.locked) add({ ...recordCells(d, target), [k]: 'Another' }, k, messages.records.locked);
    }
    const checked = await b.dataProvider.importRecords(name, { rows, apply: false });
    for (const w of wanted) {
      const row = checked.rows[w.line - 2]!;
      expect(row, `line ${w.line}`).toMatchObject({ line: w.line, action: 'error' });
      expect(row.errors).toContainEqual({ field: w.field, message: w.message });
    }
    await expect(b.dataProvider.importRecords(name, { rows, apply: true })).rejects.toMatchObject({ status: 400 });
    const clean = [fresh(951), fresh(953)].map((cells, i) => ({ line: i + 2, cells }));
    const applied = await b.dataProvider.importRecords(name, { rows: clean, apply: true });
    expect(applied).toMatchObject({ applied: true, counts: { create: 2, update: 0, same: 0, error: 0 } });
  });

  it('refuses what Firestore cannot do, as said once by field kind', async () => {
    const searched = fieldsOfResource(d).some(([, f]) => f.search);
    if (searched) {
      await expect(list(undefined, { q: 'rec' })).rejects.toMatchObject({ status: 400, code: 'not_available' });
    }
    const exact = await list(undefined, { [d.search]: made[3]![d.search] });
    expect(exact.data.map((r) => r.id)).toEqual([made[3]!.id]);
  });
});

describe('Firebase data provider: a reference by its label', () => {
  it('answers each reference’s label with the record, looked up by the browser (list, one, CSV, history)', async () => {
    const suppliers = RESOURCES.find((x) => x.name === 'suppliers')!;
    const { data: its } = await b.dataProvider.create('suppliers', { data: bodyOf(suppliers, 9100, ctx) });
    const supplier = String(its.id);
    const name = String(its[labelOf(suppliers)]);
    const { data: added } = await b.dataProvider.create<DescribedRecord>('every_kind', {
      data: { ...bodyOf(everyKind, 620, ctx), supplier, makers: [] },
    });
    expect(added.labels).toEqual({ supplier: name });
    const { data: one } = await b.dataProvider.getOne<DescribedRecord>('every_kind', { id: added.id });
    expect(one).toMatchObject({ supplier, labels: { supplier: name } });
    const { data: found } = await b.dataProvider.getList<DescribedRecord>('every_kind', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'title', order: 'ASC' },
      filter: { title: added.title },
    });
    expect(found[0]).toMatchObject({ id: added.id, labels: { supplier: name } });
    expect(recordCells(everyKind, one)).toMatchObject({ supplier, [labelColumn('supplier')]: name });
    // An empty reference has none.
    const { data: none } = await b.dataProvider.update<DescribedRecord>('every_kind', {
      id: added.id,
      data: { ...one, supplier: '' },
      previousData: one,
    });
    expect(none.labels).toEqual({});
    // Its history names the supplier the change cleared.
    const { items } = await b.dataProvider.getHistory({ kind: 'record', resource: 'every_kind', id: added.id });
    expect(items[0]).toMatchObject({ diff: { supplier: [supplier, ''] }, labels: { [supplier]: name } });
  });
});

describe('Firebase data provider: several references, Used by and the delete guard', () => {
  it('answers a references field with its labels, counts who points to a record and refuses its delete', async () => {
    const suppliers = RESOURCES.find((x) => x.name === 'suppliers')!;
    const make = async (n: number) =>
      (await b.dataProvider.create('suppliers', { data: bodyOf(suppliers, n, ctx) })).data;
    const [one, two, three] = [await make(9200), await make(9201), await make(9202)];
    const name = (s: typeof one) => String(s[labelOf(suppliers)]);
    const { data: added } = await b.dataProvider.create<DescribedRecord>('every_kind', {
      data: { ...bodyOf(everyKind, 630, ctx), supplier: String(three.id), makers: [String(two.id), String(one.id)] },
    });
    expect(added).toMatchObject({
      makers: [two.id, one.id],
      labels: { supplier: name(three), makers: `${name(two)}; ${name(one)}` },
    });
    expect(recordCells(everyKind, added)).toMatchObject({ [labelColumn('makers')]: `${name(two)}; ${name(one)}` });
    // An id to nothing is refused by the provider, naming the refusal as our server does; nothing is written.
    await expect(
      b.dataProvider.create('every_kind', { data: { ...bodyOf(everyKind, 631, ctx), makers: ['no-such-supplier'] } }),
    ).rejects.toMatchObject({ status: 400, message: messages.records.noSuchReference });

    // Used by: every_kind points to the first supplier by its list, to the third by its one reference.
    expect(await b.dataProvider.getUsedBy('suppliers', String(one.id))).toEqual([
      { resource: 'every_kind', field: 'makers', count: 1 },
    ]);
    expect(await b.dataProvider.getUsedBy('suppliers', String(three.id))).toEqual([
      { resource: 'every_kind', field: 'supplier', count: 1 },
    ]);
    // Refused while pointed to by either kind, with our server's message; the record stays.
    for (const s of [one, three])
      await expect(b.dataProvider.delete('suppliers', { id: s.id, previousData: s })).rejects.toMatchObject({
        status: 409,
        message: messages.records.inUse,
      });
    expect((await getDoc(doc(b.other(), 'suppliers', String(one.id)))).exists()).toBe(true);
    // Once the list lets go of it, it may be deleted.
    const { data: current } = await b.dataProvider.getOne<DescribedRecord>('every_kind', { id: added.id });
    await b.dataProvider.update('every_kind', {
      id: added.id,
      data: { ...current, makers: [String(two.id)] },
      previousData: current,
    });
    expect(await b.dataProvider.getUsedBy('suppliers', String(one.id))).toEqual([]);
    await b.dataProvider.delete('suppliers', { id: one.id, previousData: one });
    expect((await getDoc(doc(b.other(), 'suppliers', String(one.id)))).exists()).toBe(false);
  });
});

describe('Firebase data provider: a list filtered on one reference field (where Used by links)', () => {
  it('answers the records that point to one, a page at a time, and says what it cannot do', async () => {
    const suppliers = RESOURCES.find((x) => x.name === 'suppliers')!;
    const make = async (n: number) =>
      String((await b.dataProvider.create('suppliers', { data: bodyOf(suppliers, n, ctx) })).data.id);
    const [one, two, other] = [await make(9300), await make(9301), await make(9302)];
    const add = async (n: number, supplier: string, makers: string[]) =>
      String(
        (await b.dataProvider.create('every_kind', { data: { ...bodyOf(everyKind, n, ctx), supplier, makers } })).data
          .id,
      );
    const byOne = [await add(640, one, []), await add(641, one, [two]), await add(642, one, [other])];
    const inOnesList = [await add(643, other, [one]), await add(644, '', [two, one])];
    const inTwosList = [byOne[1]!, inOnesList[1]!];
    const onlyOther = await add(645, other, [other]);
    // The list as the screen asks it: the description's order, ten a page (here two), 'More' after the last.
    const list = (filter: Record<string, unknown>, sort = { field: 'title', order: 'ASC' as const }, after = '') =>
      b.dataProvider.getList<DescribedRecord>('every_kind', {
        pagination: { page: 1, perPage: 2 },
        sort,
        filter,
        meta: { sorted: true, lang: 'en', ...(after ? { after } : {}) },
      });
    const all = async (filter: Record<string, unknown>): Promise<string[]> => {
      const ids: string[] = [];
      for (let after = ''; ;) {
        const page = await list(filter, undefined, after);
        ids.push(...page.data.map((r) => String(r.id)));
        after = String((page as { meta?: { next?: string | null } }).meta?.next ?? '');
        if (!after) return ids;
      }
    };
    // Each 'Used by' entry's link opens the list filtered as its address says; it holds the records counted.
    const used = await b.dataProvider.getUsedBy('suppliers', one);
    expect(used).toEqual([
      { resource: 'every_kind', field: 'supplier', count: 3 },
      { resource: 'every_kind', field: 'makers', count: 2 },
    ]);
    for (const [entry, expected] of [
      [used[0]!, byOne],
      [used[1]!, inOnesList],
    ] as const) {
      const address = new URL(recordViewPath(everyKind, { [entry.field]: one }), 'http://x');
      const ids = await all(filterOf(address.searchParams.get('filter')));
      expect(ids).toHaveLength(entry.count);
      expect([...ids].sort()).toEqual([...expected].sort());
      // Firestore's own order without an index: by document id.
      expect(ids).toEqual([...ids].sort());
    }
    // A references field's filter takes any of several.
    expect((await all({ makers: [two, other] })).sort()).toEqual([...inTwosList, byOne[2]!, onlyOther].sort());
    expect((await all({ makers: [two] })).sort()).toEqual([...inTwosList].sort());
    // Another order, a second filter, or the exact search beside it would each need a composite index: said.
    const lacking = { status: 400, code: 'not_available' };
    await expect(list({ supplier: one }, { field: 'count', order: 'ASC' as never })).rejects.toMatchObject(lacking);
    await expect(list({ supplier: one, makers: [two] })).rejects.toMatchObject(lacking);
    await expect(list({ supplier: one, done: 'true' })).rejects.toMatchObject(lacking);
    await expect(list({ supplier: one, title: 'x' })).rejects.toMatchObject(lacking);
  });
});

describe('Firebase data provider: a document written by hand or by an older version', () => {
  it('reads only what the description says, each odd value as empty, and an edit writes it back clean', async () => {
    // A care guide another client wrote: a choice not among the options, a picture that is no list, a key and
    // translations the description does not know (a field not translated, a language the catalogue lacks, a list).
    await setDoc(doc(b.other(), 'careguides', 'by-hand'), {
      title: 'Written by hand',
      body: 'Wash cold',
      fabric: 'wool',
      picture: 'x.jpg',
      extra: 1,
      translations: { se: { body: 'Tvätta kallt', title: 'Titel', '0': 'x' }, de: { body: 'Kalt waschen' } },
    });
    const { data: one } = await b.dataProvider.getOne<DescribedRecord>('careguides', { id: 'by-hand' });
    expect(one).toMatchObject({ fabric: '', picture: [], translations: { se: { body: 'Tvätta kallt' } } });
    expect(one).not.toHaveProperty('extra');
    const { data } = await b.dataProvider.update<DescribedRecord>('careguides', {
      id: 'by-hand',
      data: { ...one, fabric: 'linen' },
      previousData: one,
    });
    expect(data).toMatchObject({ fabric: 'linen', translations: { se: { body: 'Tvätta kallt' } } });
    const stored = (await getDoc(doc(b.other(), 'careguides', 'by-hand'))).data()!;
    expect(stored.translations).toEqual({ se: { body: 'Tvätta kallt' } });
  });
});

describe('Firebase data provider: unique compares as the find box folds', () => {
  const guide = (title: string) => ({ title, body: 'Tvätta i 40 grader.', fabric: 'linen', picture: [] });
  const duplicate = { status: 409, message: messages.records.duplicate };

  it('refuses an add, an edit and an import row with a care guide’s title but for case and accents', async () => {
    await b.dataProvider.create('careguides', { data: guide('Örngottstyg') });
    const { data: other } = await b.dataProvider.create<DescribedRecord>('careguides', { data: guide('Lakanstyg') });
    await expect(b.dataProvider.create('careguides', { data: guide('örngottstyg') })).rejects.toMatchObject(duplicate);
    await expect(
      b.dataProvider.update('careguides', {
        id: other.id,
        data: { ...other, title: 'ORNGOTTSTYG' },
        previousData: other,
      }),
    ).rejects.toMatchObject(duplicate);
    const cells = recordCells(careguides, { ...guide('Orngottstyg'), id: '', translations: {} });
    const plan = await b.dataProvider.importRecords('careguides', { rows: [{ line: 2, cells }], apply: false });
    expect(plan.rows[0]!.errors).toEqual([{ field: 'title', message: messages.records.duplicate }]);
    const titles = (
      await b.dataProvider.getList<DescribedRecord>('careguides', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'title', order: 'ASC' },
        filter: {},
      })
    ).data.map((r) => r.title);
    expect(titles.filter((t) => /^[öo]rngottstyg$/i.test(String(t)))).toEqual(['Örngottstyg']);
  });
});
