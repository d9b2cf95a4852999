import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import ResetPassword from '../../../src/pages/ResetPassword';
import { fakeAuthProvider, renderPublic } from '../helpers';

function open(resetPassword = vi.fn(async () => undefined), path = '/reset-password?token=tok-123') {
  renderPublic(<ResetPassword />, { authProvider: fakeAuthProvider(null, { resetPassword }), path });
  return { resetPassword };
}
async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Repeat new password/), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('reset password page', () => {
  it('refuses a password under 8 characters', async () => {
    const { resetPassword } = open();
    await fill('short', 'short');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true');
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('refuses two different passwords', async () => {
    const { resetPassword } = open();
    await fill('long-enough-1', 'long-enough-2');
    expect(screen.getByText('The two passwords do not match.')).toBeVisible();
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('sets the password with the token and sends them to sign in', async () => {
    const { resetPassword } = open();
    await fill('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Your password was changed. Please sign in.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(resetPassword).toHaveBeenCalledWith({ token: 'tok-123', newPassword: 'long-enough-1' });
  });

  it('speaks of a first password when opened from an invitation', async () => {
    const { resetPassword } = open(undefined, '/reset-password?token=tok-9&welcome=1');
    expect(screen.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-enough-1');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password is set. Please sign in.')).toBeVisible();
    expect(resetPassword).toHaveBeenCalledWith({ token: 'tok-9', newPassword: 'long-enough-1' });
  });

  it('says an invitation link has expired in its own words', async () => {
    open(
      vi.fn(async () => Promise.reject(new Error('expired'))),
      '/reset-password?token=old&welcome=1',
    );
    await userEvent.type(screen.getByLabelText(/^Password/), 'long-enough-1');
    await userEvent.type(screen.getByLabelText(/^Repeat password/), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('This invitation link is invalid or has expired. Ask an admin to send a new one.'),
    ).toBeVisible();
  });

  it("takes the oobCode of Firebase's action link as the token", async () => {
    const { resetPassword } = open(undefined, '/reset-password?mode=resetPassword&oobCode=oob-456&apiKey=k&lang=en');
    await fill('long-enough-1', 'long-enough-1');
    expect(await screen.findByText('Your password was changed. Please sign in.')).toBeVisible();
    expect(resetPassword).toHaveBeenCalledWith({ token: 'oob-456', newPassword: 'long-enough-1' });
  });

  it('says so when the link is invalid or expired', async () => {
    open(vi.fn(async () => Promise.reject(Object.assign(new Error('INVALID_TOKEN'), { status: 400 }))));
    await fill('long-enough-1', 'long-enough-1');
    expect(
      await screen.findByText('This reset link is invalid or has expired. Please ask for a new one.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot');
  });

  it('says so at once when the address has no token', () => {
    open(undefined, '/reset-password');
    expect(screen.getByText('This reset link is invalid or has expired. Please ask for a new one.')).toBeVisible();
  });
});
