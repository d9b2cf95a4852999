import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Forgot from '../../../src/pages/Forgot';
import { fakeAuthProvider, renderPublic } from '../helpers';

describe('forgot page', () => {
  it("shows the 'Forgot Password' form with one email field, 'Send Password' and a 'Sign In' link", () => {
    renderPublic(<Forgot />, { authProvider: fakeAuthProvider(null), path: '/forgot' });
    expect(screen.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send Password' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  it("says 'Password reset email was sent' after success", async () => {
    const requestPasswordReset = vi.fn(async () => undefined);
    renderPublic(<Forgot />, { authProvider: fakeAuthProvider(null, { requestPasswordReset }), path: '/forgot' });
    expect(screen.queryByText('Password reset email was sent')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Password' }));
    expect(await screen.findByText('Password reset email was sent')).toBeVisible();
    expect(requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
  });

  it("says 'Could not send reset email.' when the request fails", async () => {
    const requestPasswordReset = vi.fn(async () => Promise.reject(Object.assign(new Error('boom'), { status: 500 })));
    renderPublic(<Forgot />, { authProvider: fakeAuthProvider(null, { requestPasswordReset }), path: '/forgot' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Password' }));
    expect(await screen.findByText('Could not send reset email.')).toBeVisible();
    expect(screen.queryByText('Password reset email was sent')).not.toBeInTheDocument();
  });
});
