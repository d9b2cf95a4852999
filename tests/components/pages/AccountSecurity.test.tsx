import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountSettings from '../../../src/pages/AccountSettings';
import type { AccountSession } from '../../../domain/account';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const refusal = (status: number, message: string) => Object.assign(new Error(message), { status, code: 'x' });

/** A phone-sized window: MUI's media queries match, as below the small breakpoint. */
const phone = () =>
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
const label = (name: string) => new RegExp(`^${name}`);

describe('My Account: Change password', () => {
  const setup = (changePassword = vi.fn(async () => undefined)) => {
    renderInAdmin(<AccountSettings />, {
      authProvider: fakeAuthProvider(userWith()),
      dataProvider: fakeDataProvider({ changePassword }),
    });
    return { changePassword, form: () => screen.getByRole('form', { name: 'Change password' }) };
  };
  const fill = async (form: HTMLElement, current: string, next: string, confirm = next) => {
    if (current) await userEvent.type(within(form).getByLabelText(label('Current password')), current);
    await userEvent.type(within(form).getByLabelText(label('New password')), next);
    await userEvent.type(within(form).getByLabelText(label('Repeat new password')), confirm);
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  };

  it('checks a short or mismatched new password before asking the server', async () => {
    const { changePassword, form } = setup();
    await screen.findByRole('heading', { name: 'Change password' });
    await fill(form(), 'old password', 'short');
    expect(within(form()).getAllByText('Use at least 8 characters.')).toHaveLength(1);
    await userEvent.clear(within(form()).getByLabelText(label('New password')));
    await userEvent.clear(within(form()).getByLabelText(label('Repeat new password')));
    await fill(form(), '', 'long enough 1', 'long enough 2');
    expect(within(form()).getByText('The two passwords do not match.')).toBeVisible();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('changes it exactly as typed, empties the form and says so', async () => {
    const { changePassword, form } = setup();
    await screen.findByRole('heading', { name: 'Change password' });
    await fill(form(), ' old password ', ' a new password ');
    expect(
      await within(form()).findByText('Password changed. Every other session of your account was signed out.'),
    ).toBeVisible();
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: ' old password ', newPassword: ' a new password ' });
    expect(within(form()).getByLabelText(label('Current password'))).toHaveValue('');
  });

  it('puts a wrong current password beside that field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { form } = setup(vi.fn(async () => Promise.reject(refusal(400, 'The current password is not right.'))));
    await screen.findByRole('heading', { name: 'Change password' });
    await fill(form(), 'wrong one', 'a new password');
    expect(await within(form()).findByText('The current password is not right.')).toBeVisible();
    expect(within(form()).getByLabelText(label('Current password'))).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Account Settings → Sessions', () => {
  const session = (over: Partial<AccountSession>): AccountSession => ({
    id: 's1',
    browser: 'Chrome 140',
    system: 'Linux',
    address: '10.0.0.7',
    signedIn: new Date(Date.now() - 3600_000).toISOString(),
    lastUsed: new Date().toISOString(),
    current: false,
    ...over,
  });

  it('lists each session, marks this one, and signs another out', async () => {
    const listSessions = vi.fn(async () => [
      session({ id: 'phone', browser: 'Safari 17', system: 'iOS 17' }),
      session({ id: 'here', current: true }),
    ]);
    const endSession = vi.fn(async () => undefined);
    renderInAdmin(<AccountSettings section="sessions" />, {
      dataProvider: fakeDataProvider({ listSessions, endSession }),
    });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent?.trim())).toEqual([
      'Safari 17 on iOS 17',
      'Chrome 140 on Linux This browser',
    ]);
    expect(within(rows[0]!).getByText('10.0.0.7')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS 17' }));
    expect(endSession).toHaveBeenCalledWith('phone');
    expect(await screen.findByText('Signed out')).toBeVisible();
  });

  it("names every column of the table, the buttons' one too (no empty header for a screen reader)", async () => {
    renderInAdmin(<AccountSettings section="sessions" />, {
      dataProvider: fakeDataProvider({ listSessions: vi.fn(async () => [session({})]) }),
    });
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual(['Browser', 'Address', 'Signed in', 'Last used', 'Actions']);
  });

  it('on a phone lists each session with its address, times and button, no table to scroll sideways', async () => {
    phone();
    const endSession = vi.fn(async () => undefined);
    renderInAdmin(<AccountSettings section="sessions" />, {
      dataProvider: fakeDataProvider({
        listSessions: vi.fn(async () => [
          session({ id: 'phone', browser: 'Safari 17', system: 'iOS 17', address: '2001:db8::7' }),
          session({ id: 'here', current: true }),
        ]),
        endSession,
      }),
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Safari 17 on iOS 17');
    expect(within(first!).getByText('2001:db8::7')).toBeVisible();
    expect(within(first!).getByText('Signed in')).toBeVisible();
    expect(within(first!).getByText('Last used')).toBeVisible();
    expect(second).toHaveTextContent('Chrome 140 on Linux');
    expect(within(second!).getByText('This browser')).toBeVisible();
    await userEvent.click(within(first!).getByRole('button', { name: 'Sign out Safari 17 on iOS 17' }));
    expect(endSession).toHaveBeenCalledWith('phone');
  });

  it("says 'not available' where the back end keeps no session list (Firebase), instead of breaking", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const listSessions = vi.fn(async () => Promise.reject(refusal(400, 'Not available with the Firebase back end.')));
    renderInAdmin(<AccountSettings section="sessions" />, { dataProvider: fakeDataProvider({ listSessions }) });
    expect(await screen.findByText('Not available with the Firebase back end.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument();
  });
});
