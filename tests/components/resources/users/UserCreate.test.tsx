import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateParams } from 'react-admin';
import UserList from '../../../../resources/users/UserList';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { providerMethod } from '../providerMethod';

const admin = fakeAuthProvider(userWith({ isAdmin: true }));
const existing = { ...userWith({ uid: 'u1' }), id: 'u1' };

function setup(create: (resource: string, params: CreateParams) => Promise<{ data: unknown }>) {
  // A server's list: who exists, then whoever was added (the list reads its pages again after an add).
  const people: unknown[] = [existing];
  const getList = vi.fn(async () => ({ data: [...people], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
  const createSpy = vi.fn(async (resource: string, params: CreateParams) => {
    const made = await create(resource, params);
    people.push(made.data);
    return made;
  });
  renderInAdmin(<UserList />, {
    authProvider: admin,
    dataProvider: fakeDataProvider({
      getList: providerMethod('getList', getList),
      create: providerMethod('create', createSpy),
    }),
  });
  return { create: createSpy };
}

async function fillDialog(): Promise<HTMLElement> {
  await screen.findByText('Ada Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add User' });
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'New@Example.com');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), 'Nils');
  await userEvent.type(within(dialog).getByRole('textbox', { name: /^Last Name/ }), 'Nyman');
  await userEvent.click(within(dialog).getByRole('switch', { name: 'Editor' }));
  return dialog;
}

afterEach(() => vi.restoreAllMocks());

describe('Add User', () => {
  it('requires email, first and last name', async () => {
    const { create } = setup(async () => ({ data: {} }));
    await screen.findByText('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First Name/ }), ' ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(3);
    expect(create).not.toHaveBeenCalled();
  });

  it("registers the colleague, toasts 'Added', says a mail went out and lists them", async () => {
    const added = {
      ...userWith({ uid: 'u9', email: 'new@example.com', firstName: 'Nils', lastName: 'Nyman', isEditor: true }),
      id: 'u9',
    };
    const { create } = setup(async () => ({ data: added }));
    const dialog = await fillDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Added')).toBeVisible();
    expect(create).toHaveBeenCalledWith('users', {
      data: { email: 'New@Example.com', firstName: 'Nils', lastName: 'Nyman', isEditor: true, isAdmin: false },
    });
    expect(screen.getByText(/The new colleague was sent an email to set their password\./)).toBeVisible();
    expect(await screen.findByText('Nils Nyman')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says plainly when the email is taken, and keeps the dialog open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () =>
      Promise.reject(Object.assign(new Error('A user with this email already exists.'), { status: 409 })),
    );
    const dialog = await fillDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A user with this email already exists.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeVisible();
  });
});
