import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountSettings from '../../../src/pages/AccountSettings';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';

const setup = (
  updateMe = vi.fn(async (data: { firstName: string; lastName: string }) => ({ ...userWith(), ...data })),
) => {
  const dataProvider = fakeDataProvider({ updateMe });
  renderInAdmin(<AccountSettings />, { authProvider: fakeAuthProvider(userWith()), dataProvider });
  return { updateMe };
};
afterEach(() => {
  vi.restoreAllMocks();
});

const field = (label: string) => screen.findByRole('textbox', { name: new RegExp(`^${label}`) });

describe('Account Settings / My Account', () => {
  it('shows the page, its side menu, the names to edit and the email read-only', async () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Account Settings' })).toHaveTextContent('My Account');
    expect(await field('First Name')).toHaveValue('Ada');
    expect(await field('Last Name')).toHaveValue('Lovelace');
    const email = await field('Email');
    expect(email).toHaveValue('ada@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  });

  it('requires first and last name', async () => {
    const { updateMe } = setup();
    await userEvent.clear(await field('First Name'));
    await userEvent.clear(await field('Last Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(updateMe).not.toHaveBeenCalled();
  });

  it("saves the new name and says 'Changes saved'", async () => {
    const { updateMe } = setup();
    const first = await field('First Name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Grace');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved')).toBeVisible();
    expect(updateMe).toHaveBeenCalledWith({ firstName: 'Grace', lastName: 'Lovelace' });
  });

  it("keeps what was typed when the save fails and says 'Could not update details.'", async () => {
    // react-admin logs every failed provider call in development; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(vi.fn(async () => Promise.reject(Object.assign(new Error('Some fields are not valid.'), { status: 400 }))));
    const last = await field('Last Name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Hopper');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Could not update details.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Changes saved')).not.toBeInTheDocument());
    expect(await field('Last Name')).toHaveValue('Hopper');
  });
});
