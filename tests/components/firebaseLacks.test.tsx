import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetOneParams } from 'react-admin';
import type { Lack } from '../../base/backend';
import Activity from '../../src/pages/Activity';
import Webhooks from '../../src/pages/Webhooks';
import ProductImport from '../../resources/products/ProductImport';
import ProductList from '../../resources/products/ProductList';
import UserEdit from '../../resources/users/UserEdit';
import LanguageEditor from '../../resources/languages/LanguageEditor';
import { FIREBASE_LACKS } from '../../providers/firebase';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from './helpers';
import { providerMethod } from './resources/providerMethod';
import { renderConsoleAt } from './resources/renderConsole';
import { DESCRIBED, listOf, recordOf } from './resources/described/cases';

// A back end that declares what it lacks (the Firebase set's own list, as AppDataProvider.lacks): each screen says
// 'Not available with the Firebase back end.' or leaves the control out before any call, file or confirmation.
const NOT_AVAILABLE = 'Not available with the Firebase back end.';
const admin = fakeAuthProvider(userWith({ isAdmin: true, isEditor: true }));
const empty = { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } };

/** A provider whose lists answer nothing, lacking `lacks`; its getList is a spy. */
function provider(lacks: readonly Lack[], more: Parameters<typeof fakeDataProvider>[0] = {}) {
  const getList = vi.fn(async () => empty);
  return { getList, dataProvider: fakeDataProvider({ lacks, getList: getList as never, ...more }) };
}

afterEach(() => vi.restoreAllMocks());

describe('a back end that declares what it lacks', () => {
  it('is the Firebase set: every part the screens read', () => {
    expect([...FIREBASE_LACKS].sort()).toEqual(
      [
        'activity',
        'endSessions',
        'partialSearch',
        'productImport',
        'removeLanguageKey',
        'webhooks',
        'filteredOrder',
      ].sort(),
    );
  });

  it('Activity says it is not available, and asks nothing of the back end', async () => {
    const { getList, dataProvider } = provider(['activity']);
    renderInAdmin(<Activity />, { authProvider: admin, dataProvider });
    expect(await screen.findByText(NOT_AVAILABLE)).toBeVisible();
    expect(screen.queryByText('Could not load the history')).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it('Webhooks says it is not available instead of "No receivers yet", with no form to add one', async () => {
    const { getList, dataProvider } = provider(['webhooks']);
    renderInAdmin(<Webhooks />, { authProvider: admin, dataProvider });
    expect(await screen.findByText(NOT_AVAILABLE)).toBeVisible();
    expect(screen.queryByText('No receivers yet')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(getList).not.toHaveBeenCalled();
  });

  it('the products list offers no Import, and the import page says why before a file is chosen', async () => {
    const { dataProvider } = provider(['productImport']);
    renderInAdmin(<ProductList />, { authProvider: admin, dataProvider, path: '/products/products' });
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeVisible());
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    renderInAdmin(<ProductImport />, { authProvider: admin, dataProvider, path: '/products/import' });
    expect(await screen.findByText(NOT_AVAILABLE)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Choose a CSV file' })).toBeNull();
  });

  it("the products' find box says it is not available and points to Search Product", async () => {
    const { getList, dataProvider } = provider(['partialSearch']);
    renderInAdmin(<ProductList />, { authProvider: admin, dataProvider, path: '/products/products?q=LIN-1' });
    const find = await screen.findByRole('searchbox', { name: 'Find by name or SKU' });
    expect(find).toBeDisabled();
    expect(find).toHaveAccessibleDescription(`${NOT_AVAILABLE} Use Search Product for an exact match.`);
    expect(screen.getByRole('link', { name: 'Use Search Product for an exact match.' })).toHaveAttribute(
      'href',
      '/products/search',
    );
    await waitFor(() => expect(getList).toHaveBeenCalled());
  });

  it("a described resource's find box says the same and points to its own search page", async () => {
    renderConsoleAt('/careguides', { lacks: ['partialSearch'], getList: async () => empty });
    const find = await screen.findByRole('searchbox', { name: 'Find' });
    expect(find).toBeDisabled();
    expect(find).toHaveAccessibleDescription(`${NOT_AVAILABLE} Use Search care guide for an exact match.`);
    expect(screen.getByRole('link', { name: 'Use Search care guide for an exact match.' })).toHaveAttribute(
      'href',
      '/careguides/search',
    );
  });

  it('a filtered described list offers no order by its headers: it comes by document id', async () => {
    const [, careguides] = DESCRIBED.find(([name]) => name === 'careguides')!;
    const rows = async () => listOf([recordOf(careguides.description, 1)]);
    const filtered = `/careguides?filter=${encodeURIComponent(JSON.stringify({ fabric: ['linen'] }))}`;
    renderConsoleAt(filtered, { lacks: ['filteredOrder'], getList: rows });
    const table = await screen.findByRole('table', { name: 'Care guide list' });
    expect(within(table).getByRole('columnheader', { name: 'Title' })).toBeVisible();
    expect(within(table).queryAllByRole('button', { name: /^Sort by/ })).toEqual([]);
    cleanup();
    // Unfiltered, its headers sort as ever.
    renderConsoleAt('/careguides', { lacks: ['filteredOrder'], getList: rows });
    const all = await screen.findByRole('table', { name: 'Care guide list' });
    expect(within(all).getByRole('button', { name: 'Sort by fabric ascending' })).toBeVisible();
  });

  it("Edit User offers no 'Sign out everywhere'", async () => {
    const target = { ...userWith({ uid: 'u2', email: 'w@example.com', firstName: 'Wendy' }), id: 'u2' };
    const { dataProvider } = provider(['endSessions'], {
      getOne: providerMethod('getOne', async () => ({ data: target })),
    });
    renderInAdmin(
      <Routes>
        <Route path="/users/edit-user/:getUid" element={<UserEdit />} />
      </Routes>,
      { authProvider: admin, dataProvider, path: '/users/edit-user/u2' },
    );
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveValue('w@example.com');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();
  });

  it('the language editor offers an admin no Remove on a key', async () => {
    const texts = { en: { checkout: 'Checkout' }, se: { checkout: 'Till kassan' } };
    const getOne = async (_r: string, { id }: GetOneParams) => ({
      data: { id, version: 1, updated: '2024-01-01T00:00:00.000Z', texts: texts[id as 'en' | 'se'] },
    });
    // Lacking nothing, an admin has it (so its absence below is the declared lack, not a late permission).
    const offered = renderInAdmin(<LanguageEditor languageId="en" title="Language" />, {
      authProvider: fakeAuthProvider(userWith({ isAdmin: true, isEditor: true })),
      dataProvider: provider([], { getOne: providerMethod('getOne', getOne) }).dataProvider,
    });
    expect(await screen.findByRole('button', { name: 'Remove checkout' })).toBeVisible();
    offered.unmount();
    const auth = fakeAuthProvider(userWith({ isAdmin: true, isEditor: true }));
    const { dataProvider } = provider(['removeLanguageKey'], { getOne: providerMethod('getOne', getOne) });
    renderInAdmin(<LanguageEditor languageId="en" title="Language" />, { authProvider: auth, dataProvider });
    await waitFor(() => expect(auth.getPermissions).toHaveResolved());
    expect(await screen.findByRole('textbox', { name: /^checkout/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Remove checkout' })).toBeNull();
  });
});
