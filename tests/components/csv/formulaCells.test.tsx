import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import ProductList from '../../../resources/products/ProductList';
import UserList from '../../../resources/users/UserList';
import Activity from '../../../src/pages/Activity';
import { resourceDescriptions } from '../../../resources/descriptions';
import { parseCsv } from '../../../resources/shared/csv';
import { fieldsOfResource, type ResourceDescription } from '../../../domain/resourceDescription';
import type { HistoryEntry } from '../../../domain/history';
import { setLocale } from '../../../base/locale';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';
import { providerMethod } from '../resources/providerMethod';
import { renderConsoleAt } from '../resources/renderConsole';
import { productWith } from '../resources/products/fakes';

// Every CSV export of the console (products, users, Activity and each described resource's list: one toCsv, made in
// the browser over either back end's provider) with cells that start like a formula and go on past a line break.
// Each such cell is written with a leading ', and the import's reading gives back the value the record held.
const FORMULAE = [
  '=HYPERLINK("https://evil.example/x",\n"Open")',
  '=1+1\nsecond line',
  '-3+3\n…',
  '+1\r\nline',
  '@SUM(A1)\nx',
  "'=1+1\nquoted already",
];

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

const textOf = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob, 'utf-8');
  });

/** Export, then: no raw cell starts like a formula, each value is the guarded one, and reading it back is exact. */
async function exportAndCheck(values: readonly string[]): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const text = (await textOf(saved[0]!)).replace(/^\uFEFF/, '');
  const raw = Papa.parse<string[]>(text, { header: false }).data.slice(1).flat();
  for (const cell of raw) expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r]/);
  for (const v of values) expect(raw).toContain(`'${v}`);
  const read = await parseCsv(new File([saved[0]!], 'export.csv', { type: 'text/csv' }));
  const cells = read.rows.flatMap((r) => Object.values(r.cells));
  for (const v of values) expect(cells).toContain(v);
  for (const cell of cells) expect(cell, JSON.stringify(cell)).not.toMatch(/^'[=+\-@\t\r]/);
}

const list = (data: unknown[]) =>
  providerMethod('getList', async () => ({ data, pageInfo: { hasNextPage: false }, meta: { next: null } }));

describe('CSV export: formula cells with line breaks', () => {
  it('guards them in the products file, and the import reads them back', async () => {
    const [a, b, c, d] = FORMULAE;
    const p = productWith({ id: 'p1', sku: 'SKU-1', name: a!, details: b!, translations: { se: { name: c! } } });
    renderInAdmin(<ProductList />, {
      authProvider: fakeAuthProvider(userWith({ isEditor: true })),
      dataProvider: fakeDataProvider({ getList: list([p, productWith({ id: 'p2', sku: d!, name: 'Plain' })]) }),
    });
    await exportAndCheck([a!, b!, c!, d!]);
  });

  it('guards them in the users file', async () => {
    const [a, b, , , e] = FORMULAE;
    const u = { ...userWith({ uid: 'u1', firstName: a!, lastName: b!, email: 'p1@example.com' }), id: 'u1' };
    const v = { ...userWith({ uid: 'u2', firstName: e!, lastName: 'Lind', email: 'p2@example.com' }), id: 'u2' };
    renderInAdmin(<UserList />, {
      authProvider: fakeAuthProvider(userWith({ isAdmin: true })),
      dataProvider: fakeDataProvider({ getList: list([u, v]) }),
    });
    await exportAndCheck([a!, b!, e!]);
  });

  it('guards them in the Activity file', async () => {
    const [a, b] = FORMULAE;
    const entry = (id: string, over: Partial<HistoryEntry>): HistoryEntry & { id: string } => ({
      id,
      at: '2026-11-20T10:00:00.000Z',
      actor: 'u2',
      actorName: 'Eva Berg',
      kind: 'product',
      resource: null,
      recordId: 'p1',
      action: 'changed',
      diff: { price: ['249 kr', '199 kr'] },
      ...over,
    });
    const getList = vi.fn(async (resource: string, _p: GetListParams) =>
      resource === 'users'
        ? { data: [userWith({ uid: 'u2' })], pageInfo: { hasNextPage: false } }
        : {
            data: [entry('1', { recordId: a! }), entry('2', { recordId: b! })],
            pageInfo: { hasNextPage: false },
            meta: { next: null },
          },
    );
    renderInAdmin(<Activity />, {
      authProvider: fakeAuthProvider(userWith({ isAdmin: true })),
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    await exportAndCheck([a!, b!]);
  });

  /** A record of a description with a formula in each free-text field (line, text, translated and its Swedish). */
  const recordOf = (d: ResourceDescription): { rec: Record<string, unknown>; values: string[] } => {
    const rec: Record<string, unknown> = { id: 'r1', version: 1, created: '2026-01-01T00:00:00.000Z', updated: null };
    const values: string[] = [];
    const se: Record<string, string> = {};
    for (const [k, f] of fieldsOfResource(d)) {
      const v = FORMULAE[values.length % FORMULAE.length]!;
      if (f.kind === 'line' || f.kind === 'text' || f.kind === 'translated') {
        rec[k] = v;
        values.push(v);
      }
      if (f.kind === 'translated') {
        se[k] = FORMULAE[values.length % FORMULAE.length]!;
        values.push(se[k]);
      }
      if (f.kind === 'choice') rec[k] = f.options![0];
      if (f.kind === 'images') rec[k] = [];
      if (f.kind === 'boolean') rec[k] = false;
      if (f.kind === 'integer' || f.kind === 'number') rec[k] = -3;
    }
    rec.translations = { se };
    return { rec, values };
  };

  it.each(resourceDescriptions.map((d) => [d.name, d] as const))(
    'guards them in the %s file, and the import reads them back',
    async (name, d) => {
      const { rec, values } = recordOf(d);
      expect(values.length).toBeGreaterThan(0);
      renderConsoleAt(`/${name}`, { getList: list([rec]) }, { isAdmin: true, isEditor: true });
      await exportAndCheck(values);
    },
  );
});
