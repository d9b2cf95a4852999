import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import ProductList from '../../../../resources/products/ProductList';
import ProductImport from '../../../../resources/products/ProductImport';
import { PRODUCT_CSV_COLUMNS, type ImportRequest, type ImportResult } from '../../../../domain/productImport';
import { setLocale } from '../../../../base/locale';
import { fakeAuthProvider, fakeDataProvider, refusalLog, renderInAdmin, userWith } from '../../helpers';
import { asGetList, listAnswer, productWith } from './fakes';

// Export and import of the products list as CSV, with the provider mocked: what is asked of it and what a person sees.
const editor = fakeAuthProvider(userWith({ isEditor: true }));

/** The files the page handed to the browser to save, read back as text. */
let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  let lastBlob: Blob | null = null;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) saved.push({ name: this.download, blob: lastBlob });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

/**
 * A CSV line in the file's column order (the description's): the cells given, written as the file holds them, and an
 * empty cell for every other column, so a field added to products needs no change here.
 */
const csvLine = (cells: Record<string, string>): string => PRODUCT_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

/** A blob's bytes (jsdom's Blob has no arrayBuffer()). */
const bytesOf = (blob: Blob): Promise<Uint8Array> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

describe('Products list: Export', () => {
  it('saves every page under the current filters as CSV with a byte order mark, formulas defused', async () => {
    const catalogue = Array.from({ length: 130 }, (_, i) =>
      productWith({
        id: `p${i}`,
        sku: `SKU-${i}`,
        name: i === 0 ? '=HYPERLINK("x")' : `Åsa, "linen" ${i}`,
        images: ['/files/Uploads/a.jpg', '/files/Uploads/b.jpg'],
        // The Swedish texts after the other columns: a name alone (no details) on the first, none on the others.
        translations: i === 0 ? { se: { name: 'Handduk, "lin"' } } : {},
      }),
    );
    const getList = vi.fn(async (_r: string, { meta, pagination }: GetListParams) => {
      const from = typeof meta?.after === 'string' ? Number(meta.after) : 0;
      const to = from + pagination!.perPage;
      return listAnswer(catalogue.slice(from, to), to < catalogue.length ? String(to) : null);
    });
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find by name or SKU' }), 'linen');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('products', expect.objectContaining({ filter: { q: 'linen' } })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await bytesOf(saved[0]!.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe(PRODUCT_CSV_COLUMNS.join(','));
    expect(lines[0]).toMatch(/^sku,name,category,mc,price,active,details,images,(.*,)?name_se,details_se$/);
    expect(lines).toHaveLength(131);
    const common = {
      category: 'Linen',
      mc: 'Linen care',
      price: '249 SEK',
      active: 'true',
      details: 'Soft and strong.',
      images: '/files/Uploads/a.jpg /files/Uploads/b.jpg',
    };
    expect(lines[1]).toBe(
      csvLine({ ...common, sku: 'SKU-0', name: `"'=HYPERLINK(""x"")"`, name_se: '"Handduk, ""lin"""' }),
    );
    expect(lines[2]).toBe(csvLine({ ...common, sku: 'SKU-1', name: '"Åsa, ""linen"" 1"' }));
    // The list's first page, then the export's two pages of 100 with the cursor.
    const exportCalls = getList.mock.calls.filter(([, p]) => p.pagination?.perPage === 100);
    expect(exportCalls.map(([, p]) => p.meta)).toEqual([undefined, { after: '100' }]);
    expect(exportCalls.map(([, p]) => p.filter)).toEqual([{ q: 'linen' }, { q: 'linen' }]);
    expect(await screen.findByText('Exported 130 rows')).toBeVisible();
  });

  it('says why when a page cannot be read, and saves nothing', async () => {
    let calls = 0;
    const down = new Error('Could not reach the server.');
    const logged = refusalLog();
    const getList = vi.fn(async () => {
      calls += 1;
      if (calls > 1) throw down;
      return listAnswer([productWith()], 'next');
    });
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Could not export: Could not reach the server.')).toBeVisible();
    expect(logged).toHaveBeenCalledWith(down);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});

const header = 'sku,name,category,mc,price,active,details,images';
const csvFile = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });
const outcome = (over: Partial<ImportResult> = {}): ImportResult => ({
  rows: [
    { line: 2, sku: 'NEW-1', action: 'create', changes: [], errors: [] },
    { line: 3, sku: 'OLD-1', action: 'update', changes: ['price', 'name'], errors: [] },
  ],
  counts: { create: 1, update: 1, same: 0, error: 0 },
  applied: false,
  ...over,
});

async function choose(file: File, label = 'Choose a CSV file') {
  const input = await screen.findByLabelText(label, { selector: 'input' });
  await userEvent.upload(input, file, { applyAccept: false });
}

describe('Import products', () => {
  it(
    'sends each row with its spreadsheet row number, shows ' + 'the preview, then applies and returns to the list',
    async () => {
      const importProducts = vi.fn(async (req: ImportRequest) => outcome({ applied: req.apply }));
      renderInAdmin(<ProductImport />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ importProducts }),
        path: '/products/import',
      });
      await choose(
        csvFile(
          `\uFEFF${header}\r\nNEW-1,Towel,Linen,Linen care,99,true,"Two\n` +
            `lines",/files/Uploads/a.jpg\r\n\r\nOLD-1,Cloth,Cotton,Cotton care,89,false,Soft,\r\n`,
        ),
      );
      expect(await screen.findByText('1 new, 1 changed, 0 unchanged, 0 with errors')).toBeVisible();
      expect(importProducts).toHaveBeenCalledWith({
        apply: false,
        rows: [
          {
            line: 2,
            cells: {
              sku: 'NEW-1',
              name: 'Towel',
              category: 'Linen',
              mc: 'Linen care',
              price: '99',
              active: 'true',
              details: 'Two\nlines',
              images: '/files/Uploads/a.jpg',
            },
          },
          {
            line: 4,
            cells: {
              sku: 'OLD-1',
              name: 'Cloth',
              category: 'Cotton',
              mc: 'Cotton care',
              price: '89',
              active: 'false',
              details: 'Soft',
              images: '',
            },
          },
        ],
      });
      const table = screen.getByRole('table', { name: 'Import products' });
      expect(within(table).getByText('Changes Price, Name')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(importProducts).toHaveBeenLastCalledWith(expect.objectContaining({ apply: true })));
      expect(await screen.findByText('Imported: 1 new, 1 changed')).toBeVisible();
    },
  );

  it('shows the rows with errors first and will not apply while any remains', async () => {
    const importProducts = vi.fn(async () =>
      outcome({
        rows: [
          { line: 2, sku: 'NEW-1', action: 'create', changes: [], errors: [] },
          {
            line: 3,
            sku: 'BAD',
            action: 'error',
            changes: [],
            errors: [{ field: 'category', message: 'Choose Cotton or Linen' }],
          },
        ],
        counts: { create: 1, update: 0, same: 0, error: 1 },
      }),
    );
    renderInAdmin(<ProductImport />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ importProducts }),
      path: '/products/import',
    });
    await choose(csvFile(`${header}\nNEW-1,a,Linen,Linen care,1,true,d,x\nBAD,b,Silk,Linen care,1,true,d,\n`));
    expect(await screen.findByText('Category: Choose Cotton or Linen')).toBeVisible();
    expect(screen.queryByText('NEW-1')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Only rows with errors' }));
    expect(screen.getByText('NEW-1')).toBeVisible();
  });

  it(
    'sends the Swedish columns when the file has them (a cell cut ' +
      'short as empty, which clears) and names them in the preview',
    async () => {
      const importProducts = vi.fn(async () =>
        outcome({
          rows: [
            { line: 2, sku: 'OLD-1', action: 'update', changes: ['price', 'name_se'], errors: [] },
            {
              line: 3,
              sku: 'OLD-2',
              action: 'error',
              changes: [],
              errors: [{ field: 'details_se', message: 'At most 5000 characters' }],
            },
          ],
          counts: { create: 0, update: 1, same: 0, error: 1 },
        }),
      );
      renderInAdmin(<ProductImport />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ importProducts }),
        path: '/products/import',
      });
      await choose(
        csvFile(
          `${header},name_se,details_se\nOLD-1,Cloth,Cotton,Cotton ` +
            `care,89,false,Soft,,Handduk,Mjuk\nOLD-2,Cloth,Cotton,Cotton care,89,false,Soft,,Duk\n`,
        ),
      );
      expect(await screen.findByText('Swedish details: At most 5000 characters')).toBeVisible();
      const base = {
        name: 'Cloth',
        category: 'Cotton',
        mc: 'Cotton care',
        price: '89',
        active: 'false',
        details: 'Soft',
        images: '',
      };
      expect(importProducts).toHaveBeenCalledWith({
        apply: false,
        rows: [
          { line: 2, cells: { sku: 'OLD-1', ...base, name_se: 'Handduk', details_se: 'Mjuk' } },
          { line: 3, cells: { sku: 'OLD-2', ...base, name_se: 'Duk', details_se: '' } },
        ],
      });
      await userEvent.click(screen.getByRole('switch', { name: 'Only rows with errors' }));
      expect(screen.getByText('Changes Price, Swedish name')).toBeVisible();
    },
  );

  it('names the Swedish columns in Swedish when the console speaks Swedish', async () => {
    act(() => setLocale('sv'));
    const importProducts = vi.fn(async () =>
      outcome({
        rows: [{ line: 2, sku: 'OLD-1', action: 'update', changes: ['name_se', 'details_se'], errors: [] }],
        counts: { create: 0, update: 1, same: 0, error: 0 },
      }),
    );
    renderInAdmin(<ProductImport />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ importProducts }),
      path: '/products/import',
    });
    await choose(
      csvFile(`${header},name_se\nOLD-1,Cloth,Cotton,Cotton care,89,false,Soft,,Handduk\n`),
      'Välj en CSV-fil',
    );
    expect(await screen.findByText('Ändrar Namn på svenska, Detaljer på svenska')).toBeVisible();
  });

  it.each([
    [
      'a column it does not know',
      `${header},not_a_product_field\nA,b,Linen,Linen care,1,true,d,,red\n`,
      'The file has a column this console does not know: not_a_product_field.',
    ],
    [
      'a required column missing',
      'sku,name,category,mc,price,active\nA,b,Linen,Linen care,1,true\n',
      'The file lacks the column details.',
    ],
    ['no rows', `${header}\n\n`, 'The file has no rows.'],
    [
      'a control character',
      `${header}\nA,b\u0000c,Linen,Linen care,1,true,d,\n`,
      'Row 2: Text may not contain control characters, unpaired surrogates or direction-override characters.',
    ],
    ['an unclosed quote', `${header}\nA,"b,Linen,Linen care,1,true,d,\n`, /The file could not be read as CSV/],
  ])('says what is wrong with a file holding %s, sending nothing', async (_what, text, message) => {
    const importProducts = vi.fn(async () => outcome());
    renderInAdmin(<ProductImport />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ importProducts }),
      path: '/products/import',
    });
    await choose(csvFile(text));
    expect(await screen.findByText(message)).toBeVisible();
    expect(importProducts).not.toHaveBeenCalled();
  });

  it('refuses a file that is not CSV', async () => {
    const importProducts = vi.fn(async () => outcome());
    renderInAdmin(<ProductImport />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ importProducts }),
      path: '/products/import',
    });
    await choose(new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Choose a CSV file (.csv).')).toBeVisible();
    expect(importProducts).not.toHaveBeenCalled();
  });
});
