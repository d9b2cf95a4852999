import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/App';
import type { User } from '../../domain/users';
import type { AppDataProvider } from '../../base/backend';
import { fakeAuthProvider, fakeDataProvider, userWith } from './helpers';
import { providerMethod } from './resources/providerMethod';
import { productWith } from './resources/products/fakes';

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function renderApp(path: string, user: User | null, data: Partial<AppDataProvider> = {}) {
  const authProvider = fakeAuthProvider(user);
  render(
    <MemoryRouter initialEntries={[path]}>
      <App authProvider={authProvider} dataProvider={fakeDataProvider(data)} store={memoryStore()} />
      <Where />
    </MemoryRouter>,
  );
  return { authProvider };
}
const path = () => screen.getByRole('status', { name: 'path' }).textContent;

describe('routes', () => {
  it('shows the 404 page with sidebar and header when signed in', async () => {
    renderApp('/no/such/page', userWith());
    expect(await screen.findByText("This page doesn't exist.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back To Home' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it.each(['/products/no-such-page', '/suppliers/s1/no-such-page'])(
    'shows the 404 page for an unknown address under a resource (%s)',
    async (address) => {
      renderApp(address, userWith({ isEditor: true }));
      expect(await screen.findByText("This page doesn't exist.")).toBeVisible();
      expect(await screen.findByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    },
  );

  it('shows the 404 page without sidebar and header when signed out', async () => {
    renderApp('/no/such/page', null);
    expect(await screen.findByText("This page doesn't exist.")).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('greets on the dashboard', async () => {
    renderApp('/', userWith());
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(screen.getByText('Please use the sidebar to navigate')).toBeVisible();
  });

  it.each([
    '/',
    '/settings/account',
    '/info/changelog',
    '/users/users',
    '/products/add-product/',
    '/languages/swedish',
  ])('sends someone not signed in from %s to /signin', async (from) => {
    renderApp(from, null);
    await waitFor(() => expect(path()).toBe('/signin'));
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  });

  it('sends a signed-in user from /signin and /forgot to the dashboard', async () => {
    renderApp('/forgot', userWith());
    await waitFor(() => expect(path()).toBe('/'));
    expect(await screen.findByText('Please use the sidebar to navigate')).toBeVisible();
  });

  it.each([
    ['/users/users', { isEditor: true }],
    ['/users/edit-user/u2', { isEditor: true }],
    ['/products/products', { isAdmin: true }],
    ['/languages/english', { isAdmin: true }],
  ])('shows Not allowed on %s to a role without access', async (route, flags) => {
    renderApp(route, userWith(flags));
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(screen.getByText('Your account does not have access to this page.')).toBeVisible();
  });

  // What each page reads, answered (a read the fake provider refuses is logged by react-admin as an error).
  const noUsers = { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } };
  const language = { version: 1, updated: '2024-01-01T00:00:00.000Z', texts: {} };
  it.each([
    ['/users/users', { isAdmin: true }, 'Users', { getList: providerMethod('getList', async () => noUsers) }],
    ['/users/search', { isAdmin: true }, 'Search User', {}],
    ['/products/add-product/', { isEditor: true }, 'Add Product', {}],
    [
      '/products/edit-product/p1',
      { isEditor: true },
      'Edit Product',
      { getOne: providerMethod('getOne', async () => ({ data: productWith() })) },
    ],
    [
      '/languages/swedish',
      { isEditor: true },
      'Language: Swedish',
      { getOne: providerMethod('getOne', async (_r, { id }) => ({ data: { id, ...language } })) },
    ],
  ])('opens %s for a role with access', async (route, flags, title, data: Partial<AppDataProvider>) => {
    renderApp(route, userWith(flags), data);
    expect(await screen.findByRole('heading', { name: title })).toBeVisible();
    expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();
  });

  it('shows the public pages at their exact paths', async () => {
    renderApp('/version', null);
    expect(await screen.findByRole('heading', { name: 'VERSION ERROR' })).toBeVisible();
    expect(
      screen.getByText('App version and Live version do not match, please reload page or contact support.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeVisible();
  });
});
