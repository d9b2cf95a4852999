import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '../../../src/layout/Menu';
import { ResourcesContext } from '../../../src/resourceRoutes';
import { consoleResources } from '../../../resources';
import { fakeAuthProvider, renderInAdmin, userWith } from '../helpers';

const everyone = ['Dashboard', 'My Account', 'Changelog'];
const adminItems = ['Users', 'Search User', 'Activity'];
/** Settings → Webhooks, for admins only. */
const adminSettings = ['Webhooks'];
const editorItems = [
  'Products',
  'Add Product',
  'Search Product',
  'English',
  'Swedish',
  'Care guide list',
  'Add care guide',
  'Search care guide',
  'Supplier list',
  'Add supplier',
  'Search supplier',
];

/** The names of the sidebar's links, once the role has loaded. */
async function menuItems(flags: { isAdmin: boolean; isEditor: boolean }): Promise<string[]> {
  renderInAdmin(<Menu />, { authProvider: fakeAuthProvider(userWith(flags)) });
  await screen.findByRole('menuitem', { name: 'Changelog' });
  return screen.getAllByRole('menuitem').map((item) => item.textContent ?? '');
}

describe('sidebar menu', () => {
  it.each([
    {
      role: 'admin only',
      flags: { isAdmin: true, isEditor: false },
      expected: [...everyone, ...adminItems, ...adminSettings],
    },
    { role: 'editor only', flags: { isAdmin: false, isEditor: true }, expected: [...everyone, ...editorItems] },
    {
      role: 'admin and editor',
      flags: { isAdmin: true, isEditor: true },
      expected: [...everyone, ...adminItems, ...adminSettings, ...editorItems],
    },
    { role: 'neither', flags: { isAdmin: false, isEditor: false }, expected: everyone },
  ])('shows exactly the groups an $role user may use', async ({ flags, expected }) => {
    const items = await menuItems(flags);
    expect([...items].sort()).toEqual([...expected].sort());
  });

  it('keeps the spec order and group titles', async () => {
    const items = await menuItems({ isAdmin: true, isEditor: true });
    expect(items).toEqual([
      'Dashboard',
      'Users',
      'Search User',
      ...editorItems,
      'My Account',
      'Webhooks',
      'Changelog',
      'Activity',
    ]);
    for (const title of ['Users', 'Products', 'Languages', 'Care guides', 'Suppliers', 'Settings', 'Info']) {
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Languages')).toBeVisible();
    expect(screen.getByText('Settings')).toBeVisible();
    expect(screen.getByText('Info')).toBeVisible();
  });

  it('links each item to its route', async () => {
    await menuItems({ isAdmin: true, isEditor: true });
    const href = (name: string) => screen.getByRole('menuitem', { name }).getAttribute('href');
    expect(href('Search User')).toBe('/users/search');
    expect(href('Add Product')).toBe('/products/add-product/');
    expect(href('Swedish')).toBe('/languages/swedish');
    expect(href('My Account')).toBe('/settings/account');
    expect(href('Changelog')).toBe('/info/changelog');
    expect(href('Activity')).toBe('/info/activity');
    expect(href('Webhooks')).toBe('/settings/webhooks');
  });

  it('once idle, fetches the code of the first page of each group shown, and only of those', async () => {
    const preload = {
      users: vi.fn(async () => undefined),
      products: vi.fn(async () => undefined),
      languages: vi.fn(async () => undefined),
    };
    const resources = consoleResources.map((r) => ({ ...r, preload: preload[r.name as keyof typeof preload] }));
    // jsdom has no idle callbacks: this one comes at the next turn, as a browser's would once it has nothing to do.
    vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
    vi.stubGlobal('cancelIdleCallback', (id: ReturnType<typeof setTimeout>) => clearTimeout(id));
    renderInAdmin(
      <ResourcesContext.Provider value={resources}>
        <Menu />
      </ResourcesContext.Provider>,
      { authProvider: fakeAuthProvider(userWith({ isAdmin: false, isEditor: true })) },
    );
    await screen.findByRole('menuitem', { name: 'Products' });
    await waitFor(() => expect(preload.products).toHaveBeenCalled());
    expect(preload.languages).toHaveBeenCalled();
    expect(preload.users).not.toHaveBeenCalled();
    // Unmounted first: the menu cancels its idle callback as it goes.
    cleanup();
    vi.unstubAllGlobals();
  });
});
