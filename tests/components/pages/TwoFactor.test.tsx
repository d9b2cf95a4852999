import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AccountSettings from '../../../src/pages/AccountSettings';
import { messages as en } from '../../../domain/messages';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';

afterEach(() => {
  vi.restoreAllMocks();
});

const refusal = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, code });
const URI =
  'otpauth://totp/Linen%20%26%20Cotton%20Console:ada%40example.com' +
  '?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Linen%20%26%20Cotton%20Console';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('Account Settings → Two-factor sign-in', () => {
  const render = (over: Parameters<typeof fakeDataProvider>[0] = {}) => {
    const dataProvider = fakeDataProvider(over);
    renderInAdmin(<AccountSettings section="twoFactor" />, {
      authProvider: fakeAuthProvider(userWith()),
      dataProvider,
    });
    return dataProvider;
  };

  it(
    'turns on: password, then a QR code drawn in the page with ' +
      'the secret as text, a first code, the ten recovery codes',
    async () => {
      const startTwoFactor = vi.fn(async () => ({ totpURI: URI, recoveryCodes: CODES }));
      const confirmTwoFactor = vi.fn(async () => undefined);
      render({ startTwoFactor, confirmTwoFactor });
      const form = await screen.findByRole('form', { name: en.twoFactor.title });
      expect(within(form).getByText(en.twoFactor.isOff)).toBeVisible();
      await userEvent.type(within(form).getByLabelText(new RegExp(`^${en.twoFactor.password}`)), 'my password 1');
      await userEvent.click(within(form).getByRole('button', { name: en.twoFactor.start }));
      expect(startTwoFactor).toHaveBeenCalledWith('my password 1');

      const qr = await screen.findByRole('img', { name: en.twoFactor.qrLabel });
      expect(qr.tagName.toLowerCase()).toBe('svg');
      expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
      expect(screen.getByTestId('totp-secret')).toHaveTextContent('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');

      // A code that is not six digits is refused before the server is asked.
      await userEvent.type(screen.getByLabelText(new RegExp(`^${en.twoFactor.code}`)), '12ab');
      await userEvent.click(screen.getByRole('button', { name: en.twoFactor.confirm }));
      expect(screen.getByText(en.twoFactor.wrongCode)).toBeVisible();
      expect(confirmTwoFactor).not.toHaveBeenCalled();
      await userEvent.clear(screen.getByLabelText(new RegExp(`^${en.twoFactor.code}`)));
      await userEvent.type(screen.getByLabelText(new RegExp(`^${en.twoFactor.code}`)), '123 456');
      await userEvent.click(screen.getByRole('button', { name: en.twoFactor.confirm }));
      expect(confirmTwoFactor).toHaveBeenCalledWith('123456');
      const list = await screen.findByRole('list', { name: en.twoFactor.recoveryTitle });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(CODES);
    },
  );

  it('puts a wrong password beside the field', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render({
      startTwoFactor: vi.fn(async () => Promise.reject(refusal(400, 'INVALID_PASSWORD', en.twoFactor.wrongPassword))),
    });
    const form = await screen.findByRole('form', { name: en.twoFactor.title });
    await userEvent.type(within(form).getByLabelText(new RegExp(`^${en.twoFactor.password}`)), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: en.twoFactor.start }));
    expect(await within(form).findByText(en.twoFactor.wrongPassword)).toBeVisible();
  });

  it('says when REQUIRE_2FA asks for it', async () => {
    const getTwoFactor = vi.fn(async () => ({ enabled: false, required: true }));
    render({ getTwoFactor });
    expect(await screen.findByText(en.twoFactor.required)).toBeVisible();
  });

  it('with it on: new recovery codes or turning it off, each with the password', async () => {
    const disableTwoFactor = vi.fn(async () => undefined);
    const renewRecoveryCodes = vi.fn(async () => CODES);
    render({
      getTwoFactor: vi.fn(async () => ({ enabled: true, required: false })),
      disableTwoFactor,
      renewRecoveryCodes,
    });
    const form = await screen.findByRole('form', { name: en.twoFactor.title });
    expect(within(form).getByText(en.twoFactor.isOn)).toBeVisible();
    await userEvent.type(within(form).getByLabelText(new RegExp(`^${en.twoFactor.password}`)), 'my password 1');
    await userEvent.click(within(form).getByRole('button', { name: en.twoFactor.newCodes }));
    expect(renewRecoveryCodes).toHaveBeenCalledWith('my password 1');
    expect(await screen.findByRole('list', { name: en.twoFactor.recoveryTitle })).toBeVisible();
    expect(disableTwoFactor).not.toHaveBeenCalled();
  });

  it('with the Firebase back end: shown as unavailable, not broken', async () => {
    // react-admin logs a provider's refusal; the page itself shows it as information.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render({
      getTwoFactor: vi.fn(async () => Promise.reject(refusal(400, 'not_available', en.firebase.notAvailable))),
    });
    expect(await screen.findByText(en.twoFactor.unavailable)).toBeVisible();
    expect(screen.queryByRole('form', { name: en.twoFactor.title })).toBeNull();
    expect(logged.mock.calls.every((c) => String(c[0]).includes(en.firebase.notAvailable))).toBe(true);
  });
});
