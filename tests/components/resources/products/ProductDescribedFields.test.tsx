import { Route, Routes } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateParams, GetListParams, UpdateParams } from 'react-admin';
import ProductCreate from '../../../../resources/products/ProductCreate';
import ProductEdit from '../../../../resources/products/ProductEdit';
import ProductList from '../../../../resources/products/ProductList';
import ProductImport from '../../../../resources/products/ProductImport';
import { setLocale } from '../../../../base/locale';
import type { Product } from '../../../../domain/products';
import type { AppDataProvider } from '../../../../base/backend';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { asGetList, fakeUploads, imageFile, listAnswer, productWith, Where } from './fakes';

// The products' screens take their fields from productDescription (domain/productFields.ts): here the description
// module is mocked to carry two fields more, a choice listed in the list and an optional reference to a supplier,
// and Add, Edit and the list show them through their kinds' inputs and cells, with nothing of resources/products
// changed for them. Their names are ones no product field will have, and the expectations name only them and the
// specification's fields, so a field the shop adds to products needs no change here.
vi.mock('../../../../domain/productFields', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/productFields')>();
  const { describeResource } = await import('../../../../domain/resourceDescription');
  return {
    ...real,
    productDescription: describeResource({
      ...real.productDescription,
      sort: { field: 'sku', order: 'desc' },
      search: 'sku',
      fields: {
        ...real.productDescription.fields,
        testOnlyChoice: { kind: 'choice', options: ['Sand', 'Moss'] },
        testOnlySupplier: { kind: 'reference', to: 'suppliers', optional: true },
      },
    }),
    PRODUCT_COLUMNS: [...(real.PRODUCT_COLUMNS ?? []), 'testOnlyChoice'],
  };
});

// The columns the import reads (domain/productImport.ts), with the choice's: the import page names them.
vi.mock('../../../../domain/productImport', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/productImport')>();
  return { ...real, PRODUCT_CSV_COLUMNS: [...real.PRODUCT_CSV_COLUMNS, 'testOnlyChoice'] };
});

type Extra = { testOnlyChoice: string; testOnlySupplier: string; labels?: Record<string, string> };
const product = (over: Partial<Product & Extra> = {}) =>
  productWith({
    testOnlyChoice: 'Sand',
    testOnlySupplier: 's1',
    labels: { testOnlySupplier: 'Linen Mill AB' },
    ...over,
  } as Partial<Product>);
const mill = { id: 's1', name: 'Linen Mill AB', country: 'SE', notes: 'Weaves', version: 1 };
const suppliers: Partial<AppDataProvider> = {
  getList: vi.fn(async (resource: string, params: GetListParams) =>
    resource === 'suppliers'
      ? { data: [mill], total: 1 }
      : asGetList(async () => listAnswer([product()], null))(resource, params),
  ) as unknown as AppDataProvider['getList'],
  getMany: vi.fn(async () => ({ data: [mill] })) as unknown as AppDataProvider['getMany'],
};
const editor = fakeAuthProvider(userWith({ isEditor: true }));
const field = (label: string) => screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
const choose = async (label: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};
/** The form's inputs by label, in the page's order (the image pickers left out). */
const inputLabels = () =>
  [...document.querySelectorAll('form label')]
    .map((l) => l.textContent?.replace(/\s*\*$/, '') ?? '')
    .filter((l) => l !== '' && !/image/i.test(l));
/** The specification's inputs on Add Product, in its order. */
const SPEC_INPUTS = [
  'SKU',
  'Price',
  'Category',
  'Material care',
  'Status',
  'Active from',
  'Active until',
  'Name',
  'Details',
  'Swedish name',
  'Swedish details',
];

afterEach(() => {
  vi.clearAllMocks();
  act(() => setLocale('en'));
});

describe('a field added to the products description', () => {
  it('is on Add Product by its kind (a choice, a reference), after the spec’s fields, and is sent', async () => {
    const uploads = fakeUploads();
    const create = vi.fn(async (_r: string, { data }: CreateParams) => ({
      data: { ...productWith(), ...(data as object), id: 'new-1' },
    }));
    renderInAdmin(
      <Routes>
        <Route path="/products/add-product" element={<ProductCreate />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      {
        path: '/products/add-product',
        authProvider: editor,
        dataProvider: fakeDataProvider({
          ...suppliers,
          uploadImage: uploads.uploadImage,
          create: create as unknown as AppDataProvider['create'],
        }),
      },
    );
    await screen.findByRole('heading', { name: 'Add Product' });
    await waitFor(() => expect(inputLabels()).toContain('testOnlySupplier'));
    // (The schedule's pickers come with their own chunk.)
    await waitFor(() => expect(inputLabels()).toContain('Active until'));
    const labels = inputLabels();
    // The specification's inputs keep their order; the added two follow each other after Status, before the schedule.
    expect(labels.filter((l) => SPEC_INPUTS.includes(l))).toEqual(SPEC_INPUTS);
    const at = labels.indexOf('testOnlyChoice');
    expect(labels[at + 1]).toBe('testOnlySupplier');
    expect(at).toBeGreaterThan(labels.indexOf('Status'));
    expect(at + 1).toBeLessThan(labels.indexOf('Active from'));
    for (const [label, text] of [
      ['SKU', 'CO-2000'],
      ['Price', '99 SEK'],
      ['Name', 'Napkin'],
      ['Details', 'Four napkins.'],
    ] as const) {
      await userEvent.click(await field(label));
      await userEvent.paste(text);
    }
    await choose('testOnlyChoice', 'Moss');
    await userEvent.upload(screen.getByLabelText('Choose image 1'), imageFile('one.png'));
    await uploads.started[0]!.finish('/files/Uploads/u1_x_one.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toMatchObject({ sku: 'CO-2000', testOnlyChoice: 'Moss', name: 'Napkin' });
  });

  it('is on Edit Product with its value (the reference by its supplier’s name), and saved', async () => {
    const update = vi.fn(async (_r: string, { data }: UpdateParams) => ({
      data: { ...product(), ...(data as object), version: 3 },
    }));
    renderInAdmin(
      <Routes>
        <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
      </Routes>,
      {
        path: '/products/edit-product/p1',
        authProvider: editor,
        dataProvider: fakeDataProvider({
          ...suppliers,
          getOne: vi.fn(async () => ({ data: product() })) as unknown as AppDataProvider['getOne'],
          update: update as unknown as AppDataProvider['update'],
        }),
      },
    );
    expect(await screen.findByRole('combobox', { name: /^testOnlyChoice/ })).toHaveTextContent('Sand');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /^testOnlySupplier/ })).toHaveValue('Linen Mill AB'),
    );
    await choose('testOnlyChoice', 'Moss');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({
      testOnlyChoice: 'Moss',
      testOnlySupplier: 's1',
      category: 'Linen',
    });
  });

  it('is a column of the list when the description lists it, after the spec’s', async () => {
    renderInAdmin(<ProductList />, { authProvider: editor, dataProvider: fakeDataProvider(suppliers) });
    const table = await screen.findByRole('table', { name: 'Products' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 7)).toEqual(['Select', 'Thumbnail', 'SKU', 'Name', 'Category', 'Price', 'Active']);
    expect(headers.slice(-2)).toEqual(['testOnlyChoice', 'EDIT']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells).toHaveLength(headers.length);
    expect(cells.map((c) => c.textContent).slice(2, 7)).toEqual([
      'LI-1001',
      'Sage linen towel',
      'Linen',
      '249 SEK',
      'true',
    ]);
    expect(cells.map((c) => c.textContent).slice(-2)).toEqual(['Sand', 'EDIT']);
  });

  it('is named among the columns the import page asks for, in English and in Swedish', async () => {
    const { unmount } = renderInAdmin(<ProductImport />, { authProvider: editor, path: '/products/import' });
    // Named among the columns a file must have (the last of them), whatever optional columns follow.
    expect(
      await screen.findByText(/^A CSV file with the columns sku, name, .* and testOnlyChoice, and optionally images\b/),
    ).toBeVisible();
    unmount();
    act(() => setLocale('sv'));
    renderInAdmin(<ProductImport />, { authProvider: editor, path: '/products/import' });
    expect(
      await screen.findByText(/^En CSV-fil med kolumnerna sku, name, .* och testOnlyChoice, och om du vill images\b/),
    ).toBeVisible();
  });
});
