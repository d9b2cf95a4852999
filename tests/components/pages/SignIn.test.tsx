import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import SignIn from '../../../src/pages/SignIn';
import { fakeAuthProvider, renderPublic } from '../helpers';

async function signIn(login: () => Promise<never>) {
  renderPublic(<SignIn />, { authProvider: fakeAuthProvider(null, { login: vi.fn(login) }), path: '/signin' });
  await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in page', () => {
  it("shows 'Welcome back!', required email and password fields and the 'Forgot Password?' link", () => {
    renderPublic(<SignIn />, { authProvider: fakeAuthProvider(null), path: '/signin' });
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Email/)).toBeRequired();
    expect(screen.getByLabelText(/^Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot');
  });

  it("says 'Invalid details or email already in use.' when sign-in fails", async () => {
    await signIn(() => Promise.reject(Object.assign(new Error('Invalid email or password'), { status: 401 })));
    expect(await screen.findByText('Invalid details or email already in use.')).toBeVisible();
  });

  it("shows the server's message when sign-in is throttled", async () => {
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    await signIn(() => Promise.reject(Object.assign(new Error(message), { status: 429 })));
    expect(await screen.findByText(message)).toBeVisible();
  });

  it("shows the server's message when the account must sign in with its passkey", async () => {
    const message = 'Your account signs in with its passkey: use Sign in with a passkey.';
    await signIn(() => Promise.reject(Object.assign(new Error(message), { status: 403 })));
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('sends the email and password, then goes to the dashboard', async () => {
    const login = vi.fn(async () => ({ redirectTo: '/' }));
    renderPublic(
      <Routes>
        <Route path="/signin" element={<SignIn />} />
        <Route path="/" element={<p>Dashboard here</p>} />
      </Routes>,
      { authProvider: fakeAuthProvider(null, { login }), path: '/signin' },
    );
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard here')).toBeVisible();
    expect(login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'right-password' });
  });

  it(
    'asks for the code from the app after the password of ' + 'an account with a second factor, or a recovery code',
    async () => {
      const login = vi.fn(async () => ({ redirectTo: '', secondFactor: true }));
      const verifySecondFactor = vi.fn(async ({ code }: { code: string; recovery: boolean }) =>
        code === '123456' || code === 'abcde-12345'
          ? { redirectTo: '/' }
          : Promise.reject(Object.assign(new Error('The code is not right.'), { status: 401 })),
      );
      renderPublic(
        <Routes>
          <Route path="/signin" element={<SignIn />} />
          <Route path="/" element={<p>Dashboard here</p>} />
        </Routes>,
        { authProvider: fakeAuthProvider(null, { login, verifySecondFactor }), path: '/signin' },
      );
      await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
      await userEvent.type(screen.getByLabelText(/^Password/), 'my password 1');
      await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText('Type the 6-digit code from your authenticator app.')).toBeVisible();
      await userEvent.type(screen.getByLabelText(/^6-digit code/), '654321');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('The code is not right.')).toBeVisible();
      expect(verifySecondFactor).toHaveBeenLastCalledWith({ code: '654321', recovery: false });

      await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await userEvent.type(screen.getByLabelText(/^Recovery code/), 'abcde-12345');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Dashboard here')).toBeVisible();
      expect(verifySecondFactor).toHaveBeenLastCalledWith({ code: 'abcde-12345', recovery: true });
    },
  );
});
