import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import UserEdit from '../../../../resources/users/UserEdit';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';

const target = {
  ...userWith({ uid: 'u2', email: 'walker@example.com', firstName: 'Wendy', lastName: 'Walker', isEditor: false }),
  id: 'u2',
};

function setup(update: (resource: string, params: UpdateParams) => Promise<{ data: unknown }>, found = true) {
  const getOne = vi.fn(async () =>
    found ? { data: target } : Promise.reject(Object.assign(new Error('No users'), { status: 404 })),
  );
  const updateSpy = vi.fn(update);
  renderInAdmin(
    <Routes>
      <Route path="/users/edit-user/:getUid" element={<UserEdit />} />
    </Routes>,
    {
      authProvider: fakeAuthProvider(userWith({ isAdmin: true })),
      dataProvider: fakeDataProvider({
        getOne: providerMethod('getOne', getOne),
        update: providerMethod('update', updateSpy),
      }),
      path: '/users/edit-user/u2',
    },
  );
  return { getOne, update: updateSpy };
}

/** Picks True or False in one of the flag selects. */
async function choose(label: string, option: 'True' | 'False'): Promise<void> {
  await userEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

afterEach(() => vi.restoreAllMocks());

describe('Edit user', () => {
  it('shows email, first and last name read-only and Active, Editor, Admin selects with True/False', async () => {
    const { getOne } = setup(async () => ({ data: target }));
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    for (const [label, value] of [
      ['Email', 'walker@example.com'],
      ['First Name', 'Wendy'],
      ['Last Name', 'Walker'],
    ]) {
      const input = await screen.findByRole('textbox', { name: label });
      expect(input).toHaveValue(value);
      expect(input).toHaveAttribute('readonly');
    }
    expect(screen.getByRole('combobox', { name: /^Active/ })).toHaveTextContent('True');
    expect(screen.getByRole('combobox', { name: /^Editor/ })).toHaveTextContent('False');
    expect(screen.getByRole('combobox', { name: /^Admin/ })).toHaveTextContent('False');
    await userEvent.click(screen.getByRole('combobox', { name: /^Admin/ }));
    const options = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['True', 'False']);
    expect(getOne).toHaveBeenCalledWith('users', expect.objectContaining({ id: 'u2' }));
  });

  it("saves the changed flags as booleans and toasts 'Updated'", async () => {
    const { update } = setup(async (_r, { data }) => ({ data: { ...target, ...data } }));
    await choose('Editor', 'True');
    await choose('Active', 'False');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(update).toHaveBeenCalledWith(
      'users',
      expect.objectContaining({ id: 'u2', data: { isEditor: true, active: false } }),
    );
  });

  it("toasts 'Could not update' with the server's reason when a change is refused", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () =>
      Promise.reject(Object.assign(new Error('You cannot deactivate your own account.'), { status: 403 })),
    );
    await choose('Active', 'False');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Could not update: You cannot deactivate your own account.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Active/ })).toHaveTextContent('False');
  });

  it("toasts a plain 'Could not update' on other failures", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () => Promise.reject(Object.assign(new Error('Something went wrong on the server.'), { status: 500 })));
    await choose('Admin', 'True');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Could not update')).toBeVisible();
  });

  it("says 'No users' for an unknown id", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () => ({ data: target }), false);
    expect(await screen.findByText('No users')).toBeVisible();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
