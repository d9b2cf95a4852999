import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import Dashboard from '../../../src/pages/Dashboard';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';
import { providerMethod } from '../resources/providerMethod';

const newest = [
  {
    ...userWith({ uid: 'u9', firstName: 'Nils', lastName: 'Nyman', email: 'nils@example.com' }),
    created: '2024-05-02T08:00:00.000Z',
    id: 'u9',
  },
  {
    ...userWith({ uid: 'u8', firstName: 'Maja', lastName: 'Malm', email: 'maja@example.com' }),
    created: '2024-05-01T08:00:00.000Z',
    id: 'u8',
  },
];

function setup(flags: { isAdmin: boolean; isEditor: boolean }) {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: newest, meta: { next: null } }));
  const authProvider = fakeAuthProvider(userWith(flags));
  renderInAdmin(<Dashboard />, {
    authProvider,
    dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
  });
  return { getList, getPermissions: vi.mocked(authProvider.getPermissions) };
}

describe('dashboard', () => {
  it("greets, and shows admins a 'Newest users' card from the users store's newest view", async () => {
    const { getList } = setup({ isAdmin: true, isEditor: false });
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(screen.getByText('Please use the sidebar to navigate')).toBeVisible();
    const card = await screen.findByRole('region', { name: 'Newest users' });
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/users/edit-user/u9', '/users/edit-user/u8']);
    expect(links[0]).toHaveTextContent('Nils Nyman');
    expect(links[0]).toHaveTextContent('nils@example.com');
    expect(getList).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ pagination: { page: 1, perPage: 2 }, meta: { view: 'newest' } }),
    );
  });

  it('shows the card to nobody but admins, and does not ask for it', async () => {
    const { getList, getPermissions } = setup({ isAdmin: false, isEditor: true });
    expect(await screen.findByText('Please use the sidebar to navigate')).toBeVisible();
    // Wait for what would show the card: the permissions have arrived and the page has rendered with them.
    await waitFor(() => expect(getPermissions).toHaveResolved());
    await act(async () => {});
    expect(screen.queryByText('Newest users')).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });
});
