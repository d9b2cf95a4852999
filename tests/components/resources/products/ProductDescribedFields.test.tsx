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
// changed for them.
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
        colour: { kind: 'choice', options: ['Sand', 'Moss'] },
        supplier: { kind: 'reference', to: 'suppliers', optional: true },
      },
    }),
    PRODUCT_COLUMNS: [...(real.PRODUCT_COLUMNS ?? []), 'colour'],
  };
});

// The columns the import reads (domain/productImport.ts), with the choice's: the import page names them.
vi.mock('../../../../domain/productImport', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/productImport')>();
  return { ...real, PRODUCT_CSV_COLUMNS: [...real.PRODUCT_CSV_COLUMNS, 'colour'] };
});

type Extra = { colour: string; supplier: string; labels?: Record<string, string> };
const product = (over: Partial<Product & Extra> = {}) =>
  productWith({ colour: 'Sand', supplier: 's1', labels: { supplier: 'Linen Mill AB' }, ...over } as Partial<Product>);
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
    await waitFor(() =>
      expect(inputLabels()).toEqual([
        'SKU',
        'Price',
        'Category',
        'Material care',
        'Status',
        'colour',
        'supplier',
        'Active from',
        'Active until',
        'Name',
        'Details',
        'Swedish name',
        'Swedish details',
      ]),
    );
    for (const [label, text] of [
      ['SKU', 'CO-2000'],
      ['Price', '99 SEK'],
      ['Name', 'Napkin'],
      ['Details', 'Four napkins.'],
    ] as const) {
      await userEvent.click(await field(label));
      await userEvent.paste(text);
    }
    await choose('colour', 'Moss');
    await userEvent.upload(screen.getByLabelText('Choose image 1'), imageFile('one.png'));
    await uploads.started[0]!.finish('/files/Uploads/u1_x_one.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toMatchObject({ sku: 'CO-2000', colour: 'Moss', name: 'Napkin' });
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
    expect(await screen.findByRole('combobox', { name: /^colour/ })).toHaveTextContent('Sand');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^supplier/ })).toHaveValue('Linen Mill AB'));
    await choose('colour', 'Moss');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![1].data).toMatchObject({ colour: 'Moss', supplier: 's1', category: 'Linen' });
  });

  it('is a column of the list when the description lists it, after the spec’s', async () => {
    renderInAdmin(<ProductList />, { authProvider: editor, dataProvider: fakeDataProvider(suppliers) });
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'Thumbnail', 'SKU', 'Name', 'Category', 'Price', 'Active', 'colour', 'EDIT']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent).slice(2)).toEqual([
      'LI-1001',
      'Sage linen towel',
      'Linen',
      '249 SEK',
      'true',
      'Sand',
      'EDIT',
    ]);
  });

  it('is named among the columns the import page asks for, in English and in Swedish', async () => {
    const { unmount } = renderInAdmin(<ProductImport />, { authProvider: editor, path: '/products/import' });
    expect(
      await screen.findByText(
        'A CSV file with the columns sku, name, category, mc, price, active, details and colour, and optionally ' +
          'images (as the export writes them).',
        { exact: false },
      ),
    ).toBeVisible();
    unmount();
    act(() => setLocale('sv'));
    renderInAdmin(<ProductImport />, { authProvider: editor, path: '/products/import' });
    expect(
      await screen.findByText(
        'En CSV-fil med kolumnerna sku, name, category, mc, price, active, details och colour, och om du vill ' +
          'images (så som exporten skriver dem).',
        { exact: false },
      ),
    ).toBeVisible();
  });
});
