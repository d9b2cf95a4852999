import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import ProductList from '../../../../resources/products/ProductList';
import { Menu } from '../../../../src/layout/Menu';
import type { SavedView } from '../../../../domain/views';
import { fakeAuthProvider, fakeDataProvider, refusalLog, renderInAdmin, userWith } from '../../helpers';
import { asGetList, listAnswer } from './fakes';

const editor = fakeAuthProvider(userWith({ isEditor: true }));
const view = (over: Partial<SavedView>): SavedView => ({
  id: 'v1',
  resource: 'products',
  name: 'Linen to translate',
  params: { category: 'Linen', missing: 'se' },
  shared: false,
  mine: true,
  ownerName: 'Ada Lovelace',
  created: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('saved views of the products list', () => {
  it('reads the search and filters from the address, and saves them under a name', async () => {
    const getList = vi.fn(async (_r: string, _p: GetListParams) => listAnswer([], null));
    const saveView = vi.fn(async (v: { name: string; params: Record<string, string>; shared?: boolean }) =>
      view({ id: 'v2', name: v.name, params: v.params }),
    );
    const listViews = vi.fn(async () => [] as SavedView[]);
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      path: '/?category=Linen&missing=se&q=towel',
      dataProvider: fakeDataProvider({ getList: asGetList(getList), saveView, listViews }),
    });
    await screen.findByRole('heading', { name: 'Products' });
    expect(screen.getByRole('searchbox', { name: 'Find by name or SKU' })).toHaveValue('towel');
    expect(getList).toHaveBeenCalledWith(
      'products',
      expect.objectContaining({ filter: { q: 'towel', category: 'Linen', missing: 'se' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Towels to translate');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with all staff' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(saveView).toHaveBeenCalledWith({
      resource: 'products',
      name: 'Towels to translate',
      params: { q: 'towel', category: 'Linen', missing: 'se' },
      shared: true,
    });
    expect(await screen.findByText('View saved')).toBeVisible();
  });

  it('keeps what was typed and shows the reason when the save is refused', async () => {
    const refused = Object.assign(new Error('You already have a view with this name.'), { status: 409 });
    const logged = refusalLog();
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({
        getList: asGetList(async () => listAnswer([], null)),
        saveView: vi.fn(async () => Promise.reject(refused)),
        listViews: async () => [],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Mine');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(await within(dialog).findByText('You already have a view with this name.')).toBeVisible();
    expect(name).toHaveValue('Mine');
    expect(logged).toHaveBeenCalledWith(refused);
  });

  it('says saved views are unavailable where the back end keeps none', async () => {
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({
        getList: asGetList(async () => listAnswer([], null)),
        listViews: async () => null,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    expect(await screen.findByText('Saved views are not available with Firebase.')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the person’s views and the shared ones under Products in the sidebar, as links to the list', async () => {
    // Asked per list: the products' views only when the products' are asked for.
    const listViews = vi.fn(async (resource: string) =>
      resource !== 'products'
        ? []
        : [
            view({}),
            view({
              id: 'v9',
              name: 'Summer range',
              params: { q: 'summer' },
              shared: true,
              mine: false,
              ownerName: 'Eva Berg',
            }),
          ],
    );
    renderInAdmin(<Menu />, { authProvider: editor, dataProvider: fakeDataProvider({ listViews }) });
    expect(await screen.findByRole('menuitem', { name: 'Linen to translate' })).toHaveAttribute(
      'href',
      '/products/products?category=Linen&missing=se',
    );
    expect(screen.getByRole('menuitem', { name: 'Summer range' })).toHaveAttribute(
      'href',
      '/products/products?q=summer',
    );
  });
});
