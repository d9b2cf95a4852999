import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetListParams } from 'react-admin';
import UserList from '../../../../resources/users/UserList';
import type { User } from '../../../../domain/users';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';
import { setLocale } from '../../../../base/locale';

const admin = fakeAuthProvider(userWith({ isAdmin: true }));
const person = (n: number, flags: Partial<User> = {}) => ({
  ...userWith({ uid: `u${n}`, email: `p${n}@example.com`, firstName: `First${n}`, lastName: `Last${n}` }),
  created: `2024-03-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  ...flags,
  id: `u${n}`,
});

/** A getList over two pages (react-admin's page numbers; the provider turns them into cursors): u1..u10, u11..u12. */
const pagedList = () =>
  vi.fn(async (_resource: string, params: GetListParams) =>
    params.pagination?.page === 2
      ? { data: [person(11), person(12)], pageInfo: { hasNextPage: false, hasPreviousPage: true } }
      : {
          data: Array.from({ length: 10 }, (_, i) => person(i + 1)),
          pageInfo: { hasNextPage: true, hasPreviousPage: false },
        },
  );

afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

describe('Users list', () => {
  it('shows the title and the spec columns, one row per user, Created as a short date', async () => {
    const getList = vi.fn(async () => ({
      data: [person(1, { userType: 'admin', isAdmin: true, isEditor: true }), person(2, { active: false })],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderInAdmin(<UserList />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(screen.getByRole('heading', { name: 'Users' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Created', 'User Type', 'Active', 'Editor', 'Admin', 'EDIT']);
    const [, first, second] = within(table).getAllByRole('row');
    const cells = within(first!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('First1 Last1');
    expect(cells.slice(0, 6)).toEqual([
      'p1@example.com',
      // In the console's language, not the browser's (jsdom's is en-US, which would write 3/1/2024).
      '01/03/2024',
      'admin',
      'True',
      'True',
      'True',
    ]);
    expect(within(second!).getAllByRole('cell')[3]).toHaveTextContent('False');
    expect(within(first!).getByRole('link', { name: /^EDIT/ })).toHaveAttribute('href', '/users/edit-user/u1');
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    // Swedish writes the same day in ISO order, as the history and the webhook pages do.
    act(() => setLocale('sv'));
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent('2024-03-01');
  });

  it('narrowed by ?show= (a dashboard figure), asks for those users only, says so; Show all lists all', async () => {
    const getList = vi.fn(async (_r: string, _p: GetListParams) => ({
      data: [person(1, { isAdmin: true })],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderInAdmin(<UserList />, {
      authProvider: admin,
      path: '/users/users?show=admins',
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    const note = await screen.findByText('Showing only: Admins.');
    expect(note).toBeVisible();
    await waitFor(() => expect(getList).toHaveBeenCalled());
    expect(getList.mock.calls.every(([, p]) => (p.filter as { show?: string }).show === 'admins')).toBe(true);
    act(() => setLocale('sv'));
    expect(await screen.findByText('Visar bara: Administratörer.')).toBeVisible();
    act(() => setLocale('en'));
    await userEvent.click(await screen.findByRole('link', { name: 'Show all users' }));
    await waitFor(() => expect(screen.queryByText(/Showing only/)).not.toBeInTheDocument());
    await waitFor(() => expect(getList.mock.calls.at(-1)![1].filter).toEqual({}));
  });

  it('ignores a ?show= it does not know: everyone, no note', async () => {
    const getList = vi.fn(async (_r: string, _p: GetListParams) => ({
      data: [person(1)],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderInAdmin(<UserList />, {
      authProvider: admin,
      path: '/users/users?show=everyone',
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(await screen.findByText('First1 Last1')).toBeVisible();
    expect(getList.mock.calls[0]![1].filter).toEqual({});
    expect(screen.queryByText(/Showing only/)).not.toBeInTheDocument();
  });

  it("'More' appends the next page after the last loaded user and disappears on the last page", async () => {
    const getList = pagedList();
    renderInAdmin(<UserList />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(await screen.findByText('First10 Last10')).toBeVisible();
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0]![1].pagination).toEqual({ page: 1, perPage: 10 });
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('First12 Last12')).toBeVisible();
    expect(getList.mock.calls[1]![1].pagination).toEqual({ page: 2, perPage: 10 });
    expect(screen.getAllByRole('row')).toHaveLength(13);
    expect(screen.getAllByRole('rowheader')[0]).toHaveTextContent('First1 Last1');
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    // The first of the new rows takes the focus, since the button that had it is gone.
    expect(screen.getByRole('link', { name: 'EDIT First11 Last11' })).toHaveFocus();
  });

  it("says 'No users' when there are none", async () => {
    const getList = vi.fn(async () => ({ data: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    renderInAdmin(<UserList />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(await screen.findByText('No users')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("toasts 'Could not fetch users' when the list fails to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getList = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Something went wrong on the server.'), { status: 500 })),
    );
    renderInAdmin(<UserList />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    // The toast, and the list itself says so rather than claiming there are no users.
    await waitFor(() => expect(screen.getAllByText('Could not fetch users')).toHaveLength(2));
    expect(screen.queryByText('No users')).not.toBeInTheDocument();
  });
});
