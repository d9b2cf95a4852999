import { describe, expect, it } from 'vitest';
import { planImport, planRows, type ImportTarget } from '../../../domain/recordImport.js';
import { recordCsvColumns } from '../../../domain/recordCsv.js';
import { textOf } from '../../../domain/translate.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';

// A CSV file has no list to choose from: a refused choice or country says what the cell may hold, in both languages.
const none = { read: async () => null, existing: async () => new Set<string>(), holders: async () => new Map() };
const row = (cells: Record<string, string>) => ({ line: 2, cells });

describe('a described resource’s import, in a file’s words', () => {
  it('names the options a choice may take', async () => {
    const cells = {
      id: '',
      title: 'Wool wash',
      body: 'Cold.',
      body_se: '',
      fabric: 'wool',
      fabric_label: '',
      picture: '',
    };
    expect(Object.keys(cells).sort()).toEqual([...recordCsvColumns(careguides)].sort());
    const { result } = await planImport(careguides, [row(cells)], none);
    const [error] = result.rows[0]!.errors;
    expect(error?.field).toBe('fabric');
    expect(textOf(error!.message, 'en')).toBe('Write one of: linen, cotton, blend.');
    expect(textOf(error!.message, 'sv')).toBe('Skriv ett av: linen, cotton, blend.');
  });

  it('asks for a country’s two-letter code, as the export writes it', async () => {
    const cells = { id: '', name: 'Lin & Co', contactPerson: '', email: '', country: 'Finland', notes: '' };
    const { result } = await planImport(suppliers, [row(cells)], none);
    const [error] = result.rows[0]!.errors;
    expect(error?.field).toBe('country');
    expect(textOf(error!.message, 'en')).toBe('Write the country as its two-letter code, such as SE or FI.');
    const fine = await planImport(suppliers, [row({ ...cells, country: 'FI' })], none);
    expect(fine.result.rows[0]).toMatchObject({ action: 'create', errors: [] });
  });
});

// The one import's plan (planRows) over a resource's part in it, as products' (server/core/productImport.ts) is: rows
// named by a key column of the resource's choosing, its refusals given every row at once, the same plan for the
// preview and the apply.
describe('the one import plan, over a resource’s own key and refusals', () => {
  type Stored = { code: string; qty: number };
  const stored = new Map<string, Stored>([['A-1', { code: 'A-1', qty: 1 }]]);
  const reads: string[][] = [];
  const target: ImportTarget<Stored> = {
    key: 'code',
    check: (cells) => {
      const qty = Number(cells.qty);
      return Number.isInteger(qty)
        ? { values: { code: cells.code, qty }, errors: [] }
        : { values: { code: cells.code }, errors: [{ field: 'qty', message: 'whole' }] };
    },
    keyOf: (_cells, values) => String(values.code ?? ''),
    sameKey: (line) => `again, first on ${line}`,
    read: async (keys) => {
      reads.push([...keys]);
      return new Map(keys.flatMap((k) => (stored.has(k) ? [[k, stored.get(k)!] as const] : [])));
    },
    refusals: async (rows) => {
      const news = rows.filter((r) => !r.current).length;
      return (r) => {
        if (!r.current && r.values.qty === 0) r.errors.push({ field: 'qty', message: `none of ${news} new` });
      };
    },
    changes: (current, values) => (current.qty === values.qty ? [] : ['qty']),
  };
  const cells = (code: string, qty: string) => ({ code, qty });

  it('matches rows by the key, refuses a key twice, and runs the resource’s refusals with every row', async () => {
    const rows = [cells('A-1', '2'), cells('A-1', '3'), cells('B-1', '0'), cells('B-2', '5'), cells('C-1', 'x')];
    const { result, work } = await planRows(
      target,
      rows.map((c, i) => ({ line: i + 2, cells: c })),
    );
    expect(reads).toEqual([['A-1', 'B-1', 'B-2', 'C-1']]);
    expect(result.counts).toEqual({ create: 1, update: 1, same: 0, error: 3 });
    expect(result.rows.map((r) => [r.key, r.action, r.changes, r.errors.map((e) => e.message)])).toEqual([
      ['A-1', 'update', ['qty'], []],
      ['A-1', 'error', [], ['again, first on 2']],
      ['B-1', 'error', [], ['none of 3 new']],
      ['B-2', 'create', [], []],
      ['C-1', 'error', [], ['whole']],
    ]);
    expect(work).toEqual([
      { current: { code: 'A-1', qty: 1 }, values: { code: 'A-1', qty: 2 } },
      { current: null, values: { code: 'B-2', qty: 5 } },
    ]);
  });
});
