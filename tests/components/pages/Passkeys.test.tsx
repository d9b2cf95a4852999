import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import AccountSettings from '../../../src/pages/AccountSettings';
import SignIn from '../../../src/pages/SignIn';
import type { AccountPasskey } from '../../../domain/account';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, renderPublic, userWith } from '../helpers';

// jsdom has no WebAuthn: each test says whether this "browser" has it.
const withWebAuthn = (on: boolean) =>
  vi.stubGlobal('PublicKeyCredential', on ? function PublicKeyCredential() {} : undefined);
beforeEach(() => withWebAuthn(true));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const laptop: AccountPasskey = { id: 'pk-1', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z' };
const refusal = (status: number, code: string, message: string, details?: Record<string, string>) =>
  Object.assign(new Error(message), { status, code, ...(details ? { body: { errors: details } } : {}) });

const show = (over: Parameters<typeof fakeDataProvider>[0] = {}) =>
  renderInAdmin(<AccountSettings section="passkeys" />, {
    authProvider: fakeAuthProvider(userWith()),
    dataProvider: fakeDataProvider(over),
  });

describe('Account Settings → Passkeys', () => {
  it('lists the passkeys and adds one under the name given, asking for a name first', async () => {
    const addPasskey = vi.fn(async () => undefined);
    const listPasskeys = vi.fn(async () => [laptop]);
    show({ listPasskeys, addPasskey });
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(within(table).getByText('Work laptop')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Add a passkey' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(within(form).getByText('Give the passkey a name.')).toBeVisible();
    expect(addPasskey).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText(/^Name of the new passkey/), '  Phone ');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('Passkey added')).toBeVisible();
    expect(addPasskey).toHaveBeenCalledWith('Phone');
    expect(listPasskeys).toHaveBeenCalledTimes(2);
  });

  it("renames in a dialog and shows the server's refusal beside the name", async () => {
    // react-admin's data provider logs each refused custom call.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const renamePasskey = vi.fn(async () =>
      Promise.reject(refusal(400, 'validation', 'Invalid input', { name: 'Use at most 60 characters.' })),
    );
    show({ listPasskeys: vi.fn(async () => [laptop]), renamePasskey });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Work laptop' });
    await userEvent.clear(within(dialog).getByLabelText(/^Name/));
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Office laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use at most 60 characters.')).toBeVisible();
    expect(renamePasskey).toHaveBeenCalledWith('pk-1', 'Office laptop');
  });

  it("names every column of the table, the buttons' one too (no empty header for a screen reader)", async () => {
    show({ listPasskeys: vi.fn(async () => [laptop]) });
    const table = await screen.findByRole('table', { name: 'Passkeys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Name', 'Added', 'Actions']);
  });

  it('on a phone lists each passkey with when it was added and its buttons, no table', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: true,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: () => false,
    }));
    const removePasskey = vi.fn(async () => undefined);
    show({ listPasskeys: vi.fn(async () => [laptop]), removePasskey });
    const list = await screen.findByRole('list', { name: 'Passkeys' });
    expect(screen.queryByRole('table')).toBeNull();
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Work laptop');
    expect(within(item!).getByText('Added')).toBeVisible();
    expect(within(item!).getByRole('button', { name: 'Rename Work laptop' })).toBeVisible();
    await userEvent.click(within(item!).getByRole('button', { name: 'Remove Work laptop' }));
    expect(removePasskey).toHaveBeenCalledWith('pk-1');
  });

  it('removes one and says so', async () => {
    const removePasskey = vi.fn(async () => undefined);
    show({ listPasskeys: vi.fn(async () => [laptop]), removePasskey });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    expect(await screen.findByText('Passkey removed')).toBeVisible();
    expect(removePasskey).toHaveBeenCalledWith('pk-1');
  });

  it('says passkeys are not available where the back end has none (Firebase), with nothing to press', async () => {
    // react-admin's data provider logs each refused custom call.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    show({
      listPasskeys: vi.fn(async () =>
        Promise.reject(refusal(400, 'not_available', 'Not available with the Firebase back end.')),
      ),
    });
    expect(await screen.findByText('Passkeys are not available on this installation.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('says so when this browser cannot use passkeys', async () => {
    withWebAuthn(false);
    show();
    expect(await screen.findByText('This browser cannot use passkeys.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Add a passkey' })).toBeNull();
  });
});

describe("sign-in page: 'Sign in with a passkey'", () => {
  const page = (loginWithPasskey?: () => Promise<{ redirectTo: string }>) =>
    renderPublic(
      <Routes>
        <Route path="/signin" element={<SignIn />} />
        <Route path="/" element={<p>Dashboard here</p>} />
      </Routes>,
      { authProvider: fakeAuthProvider(null, loginWithPasskey ? { loginWithPasskey } : {}), path: '/signin' },
    );

  it('signs in with a passkey and goes to the dashboard, no email or password typed', async () => {
    const loginWithPasskey = vi.fn(async () => ({ redirectTo: '/' }));
    page(loginWithPasskey);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Dashboard here')).toBeVisible();
    expect(loginWithPasskey).toHaveBeenCalledTimes(1);
  });

  it('says it could not when the passkey is refused or the browser gives up', async () => {
    page(vi.fn(async () => Promise.reject(refusal(401, 'PASSKEY_NOT_FOUND', 'Could not sign in with a passkey.'))));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Could not sign in with a passkey.')).toBeVisible();
  });

  it('is not offered where the back end has no passkeys (Firebase) or the browser none', () => {
    page();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    withWebAuthn(false);
    page(vi.fn(async () => ({ redirectTo: '/' })));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
