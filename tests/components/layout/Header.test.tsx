import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../../../src/layout/Header';
import { fakeAuthProvider, renderInAdmin, userWith } from '../helpers';

describe('header', () => {
  it("shows the user's first and last name and an Admin label for admins", async () => {
    renderInAdmin(<Header />, { authProvider: fakeAuthProvider(userWith({ isAdmin: true })) });
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.getByText('Admin')).toBeVisible();
  });

  it('shows no Admin label to someone who is not an admin', async () => {
    renderInAdmin(<Header />, { authProvider: fakeAuthProvider(userWith({ isEditor: true })) });
    await screen.findByRole('button', { name: 'Ada Lovelace' });
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
  });

  it('opens a menu with Settings and Sign Out; Sign Out ends the session', async () => {
    const authProvider = fakeAuthProvider(userWith());
    renderInAdmin(<Header />, { authProvider });
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings/account');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
    expect(authProvider.logout).toHaveBeenCalled();
  });

  it('switches to the dark theme and back from the menu, saying which is on', async () => {
    renderInAdmin(<Header />, { authProvider: fakeAuthProvider(userWith()) });
    await userEvent.click(await screen.findByRole('button', { name: 'Ada Lovelace' }));
    const background = () => getComputedStyle(screen.getByRole('menu').closest('.MuiPaper-root')!).backgroundColor;
    const light = background();
    const item = within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'Dark theme' });
    expect(item).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(item);
    expect(item).toHaveAttribute('aria-checked', 'true');
    expect(background()).not.toBe(light);
    await userEvent.click(item);
    expect(item).toHaveAttribute('aria-checked', 'false');
    expect(background()).toBe(light);
  });
});
