import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import ProductList from '../../../../resources/products/ProductList';
import { setLocale } from '../../../../base/locale';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { asGetList, listAnswer, productWith } from './fakes';

const editor = fakeAuthProvider(userWith({ isEditor: true }));

/** 25 products in pages of 10: the cursor is the index to start at. */
const catalogue = Array.from({ length: 25 }, (_, i) =>
  productWith({
    id: `p${i}`,
    sku: `SKU-${String(100 - i)}`,
    name: `Product ${i}`,
    active: i % 2 === 0,
    primary: i === 0 ? null : '/files/Uploads/x.jpg',
  }),
);
/** The catalogue ten a page, by react-admin's page number (the provider turns it into a cursor). */
const pageAt = async (_resource: string, { pagination }: GetListParams) => {
  const from = ((pagination?.page ?? 1) - 1) * 10;
  const to = from + 10;
  return listAnswer(catalogue.slice(from, to), to < catalogue.length ? String(to) : null);
};

const dataRows = () => screen.getAllByRole('row').slice(1);

afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

describe('Products list', () => {
  it('shows the first page with SKU, Name, Category, Price, Active (true or false) and EDIT', async () => {
    const getList = vi.fn(pageAt);
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Products' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Select', 'Thumbnail', 'SKU', 'Name', 'Category', 'Price', 'Active', 'EDIT']);
    expect(dataRows()).toHaveLength(10);
    const first = within(dataRows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(first.slice(2)).toEqual(['SKU-100', 'Product 0', 'Linen', '249 SEK', 'true', 'EDIT']);
    expect(within(dataRows()[1]!).getAllByRole('cell')[6]).toHaveTextContent('false');
    expect(within(dataRows()[0]!).getByRole('link', { name: 'EDIT SKU-100' })).toHaveAttribute(
      'href',
      '/products/edit-product/p0',
    );
    expect(getList).toHaveBeenCalledWith('products', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
  });

  it("appends the next page with 'More' and hides it on the last page", async () => {
    const getList = vi.fn(pageAt);
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More' }));
    await screen.findByText('Product 19');
    expect(dataRows()).toHaveLength(20);
    expect(getList).toHaveBeenLastCalledWith(
      'products',
      expect.objectContaining({ pagination: { page: 2, perPage: 10 } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    await screen.findByText('Product 24');
    expect(dataRows()).toHaveLength(25);
    expect(screen.getByText('Product 0')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    // The focus is not lost with the button: it moves to the first row the last page added.
    expect(screen.getByRole('link', { name: 'EDIT SKU-80' })).toHaveFocus();
  });

  it("says 'No products' when the catalogue is empty, without a More button", async () => {
    const getList = vi.fn(async () => listAnswer([], null));
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    expect(await screen.findByText('No products')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
  });

  it("says 'Could not fetch products' when the list cannot load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getList = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Something went wrong on the server.'), { status: 500 })),
    );
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    // The toast (an alert), and the card says so too rather than 'No products'.
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not fetch products');
    expect(screen.queryByText('No products')).not.toBeInTheDocument();
  });

  it(
    "shows a back end's own 'not available' refusal instead of " +
      "'Could not fetch products' (Firebase: no partial-name search)",
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const notAvailable = Object.assign(new Error('Not available with the Firebase back end.'), {
        status: 400,
        code: 'not_available',
      });
      const getList = vi.fn(async (_r: string, { filter }: GetListParams) =>
        filter?.q ? Promise.reject(notAvailable) : listAnswer(catalogue.slice(0, 10), null),
      );
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
      });
      await screen.findByText('Product 0');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Find by name or SKU' }), 'runner');
      expect(await screen.findByRole('alert')).toHaveTextContent('Not available with the Firebase back end.');
    },
  );

  it(
    'asks the server for what is typed (once typing stops), ' + 'the category and the status, and shows its answer',
    async () => {
      const getList = vi.fn(async (_r: string, { filter }: GetListParams) =>
        listAnswer(
          filter?.q === 'runner'
            ? [productWith({ id: 'r1', sku: 'LI-9', name: 'Linen runner' })]
            : catalogue.slice(0, 10),
          null,
        ),
      );
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
      });
      await screen.findByText('Product 0');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Find by name or SKU' }), 'runner');
      expect(await screen.findByText('Linen runner')).toBeVisible();
      expect(dataRows()).toHaveLength(1);
      // One request for the whole word, not one per key.
      const asked = getList.mock.calls.map((c) => (c[1] as GetListParams).filter);
      expect(asked).toEqual([{}, { q: 'runner' }]);
      await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Cotton' }));
      await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
      await vi.waitFor(() =>
        expect(getList).toHaveBeenLastCalledWith(
          'products',
          expect.objectContaining({ filter: { q: 'runner', category: 'Cotton', active: false } }),
        ),
      );
    },
  );

  it('keeps a status chosen while the words typed wait to be sent', async () => {
    const getList = vi.fn(async () => listAnswer(catalogue.slice(0, 10), null));
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await screen.findByText('Product 0');
    // Typed, then Disabled chosen at once: the words go out a moment later, with the status (an older render's
    // filters once went with them, so the list showed every status again).
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find by name or SKU' }), 'runner');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Disabled' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'products',
        expect.objectContaining({ filter: { q: 'runner', active: false } }),
      ),
    );
  });
});

describe('Products list: Swedish texts', () => {
  const complete = productWith({
    id: 'c1',
    sku: 'LI-2',
    name: 'Complete towel',
    translations: { se: { name: 'Hel handduk', details: 'Mjuk.' } },
  });
  const noDetails = productWith({
    id: 'n1',
    sku: 'LI-1',
    name: 'Half towel',
    translations: { se: { name: 'Halv handduk' } },
  });
  const markName = 'Swedish details missing';

  it(
    'marks a product whose Swedish name or details are missing, ' +
      'with a named icon and hover text, and not a complete one',
    async () => {
      const getList = vi.fn(async () => listAnswer([complete, noDetails], null));
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
      });
      await screen.findByText('Half towel');
      const [first, second] = dataRows();
      expect(within(first!).queryByRole('img', { name: markName })).not.toBeInTheDocument();
      const mark = within(second!).getByRole('img', { name: markName });
      // In the Name cell, the English name, then the Swedish one (in Swedish for screen readers).
      expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent(/^Half towelHalv handduk$/);
      expect(within(second!).getByText('Halv handduk')).toHaveAttribute('lang', 'sv');
      await userEvent.hover(mark);
      expect(await screen.findByRole('tooltip')).toHaveTextContent(markName);
      await userEvent.unhover(mark);
      // Keyboard users reach it too, and see the same text.
      await vi.waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
      act(() => within(second!).getByRole('checkbox', { name: 'Select LI-1' }).focus());
      await userEvent.tab();
      expect(mark).toHaveFocus();
      expect(await screen.findByRole('tooltip')).toHaveTextContent(markName);
    },
  );

  it('names what is missing: the name, the details, or both', async () => {
    const noName = productWith({
      id: 'm1',
      sku: 'LI-3',
      name: 'Nameless towel',
      translations: { se: { details: 'Mjuk.' } },
    });
    const none = productWith({ id: 'm2', sku: 'LI-4', name: 'Bare towel', translations: {} });
    const getList = vi.fn(async () => listAnswer([none, noName, noDetails], null));
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await screen.findByText('Bare towel');
    const [first, second, third] = dataRows();
    expect(within(first!).getByRole('img', { name: 'Swedish name and details missing' })).toBeInTheDocument();
    expect(within(second!).getByRole('img', { name: 'Swedish name missing' })).toBeInTheDocument();
    expect(within(third!).getByRole('img', { name: 'Swedish details missing' })).toBeInTheDocument();
  });

  it("the 'Swedish missing' filter asks the server for missing=se, and unticked asks without it", async () => {
    const getList = vi.fn(async (_r: string, { filter }: GetListParams) =>
      listAnswer(filter?.missing === 'se' ? [noDetails] : [complete, noDetails], null),
    );
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    await screen.findByText('Complete towel');
    const filter = screen.getByRole('checkbox', { name: 'Swedish missing' });
    expect(filter).not.toBeChecked();
    await userEvent.click(filter);
    await vi.waitFor(() => expect(screen.queryByText('Complete towel')).not.toBeInTheDocument());
    expect(dataRows()).toHaveLength(1);
    expect(getList).toHaveBeenLastCalledWith('products', expect.objectContaining({ filter: { missing: 'se' } }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linen' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'products',
        expect.objectContaining({ filter: { category: 'Linen', missing: 'se' } }),
      ),
    );
    await userEvent.click(filter);
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('products', expect.objectContaining({ filter: { category: 'Linen' } })),
    );
  });

  it(
    "on a phone says 'Swedish missing' in the row of a " + "product missing Swedish text, read with the row's link",
    async () => {
      // A phone-sized window: MUI's media queries match, so the list is a simple list.
      const media = (query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: () => false,
      });
      vi.spyOn(window, 'matchMedia').mockImplementation(media);
      const getList = vi.fn(async () => listAnswer([complete, noDetails], null));
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
      });
      const list = await screen.findByRole('list', { name: 'Products' });
      const [first, second] = within(list).getAllByRole('link');
      expect(first).toHaveAccessibleName('Complete towel LI-2 · 249 SEK · Active');
      expect(second).toHaveAccessibleName('Half towel LI-1 · 249 SEK · Active Swedish missing');
    },
  );

  it('says the filter and the mark in Swedish in the Swedish UI', async () => {
    act(() => setLocale('sv'));
    const getList = vi.fn(async () => listAnswer([noDetails], null));
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList) }),
    });
    expect(await screen.findByRole('img', { name: 'Detaljer på svenska saknas' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Saknar svenska' })).not.toBeChecked();
  });
});
