import { LIMITS } from '@papan/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const TOKEN = 'reset_Token-0123456789';
type User = ReturnType<typeof renderApp>['user'];

async function choose(user: User, password: string, confirmation: string) {
  if (password) await user.type(await screen.findByLabelText('New Password'), password);
  if (confirmation) await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('ResetPasswordPage', () => {
  it('sets the new password, signs this browser out and leads to the login page', async () => {
    signIn();
    const api = stubApi({
      'POST /api/auth/reset-password': { message: 'Password changed' },
      'GET /api/auth/providers': { google: false, allowedOrigins: [] },
    });
    const { user, router } = renderApp(`/reset-password?token=${TOKEN}`);

    await choose(user, 'new secret 42', 'new secret 42');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been changed. Every device that was signed in to your account has been signed out.',
    );
    expect(api.calls('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      password: 'new secret 42',
    });
    expect(useSession.getState().session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Log in with your new password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    ['', '', 'Please fill in both password fields.'],
    ['new secret 42', 'new secret 43', 'Passwords do not match.'],
    ['short', 'short', 'Your new password must be at least 8 characters long.'],
  ])('refuses %j / %j without a call: %s', async (password, confirmation, message) => {
    const api = stubApi({ 'POST /api/auth/reset-password': { message: 'Password changed' } });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);

    await choose(user, password, confirmation);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('explains an invalid, used or expired link and offers a new one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'POST /api/auth/reset-password': errorResponse(400, 'This link is invalid or has expired') });
    const { user, router } = renderApp(`/reset-password?token=${TOKEN}`);

    await choose(user, 'new secret 42', 'new secret 42');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid, has already been used or has expired.',
    );
    // Nothing changed on the server: the session of this browser stays.
    expect(useSession.getState().session).not.toBeNull();
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it('says the link is invalid at once when it carries no token', async () => {
    const api = stubApi();
    renderApp('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it('keeps the form for another try when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/auth/reset-password': errorResponse(500, 'boom') });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);

    await choose(user, 'new secret 42', 'new secret 42');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not change your password. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeEnabled();
  });

  it('refuses a password longer than the server takes, without a call (resetPasswordSchema)', async () => {
    const api = stubApi({ 'POST /api/auth/reset-password': { message: 'Password changed' } });
    const { user } = renderApp(`/reset-password?token=${TOKEN}`);
    // The fields' maxLength stops typing at the limit; a paste by script does not.
    const tooLong = 'x'.repeat(LIMITS.password + 1);
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: tooLong } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: tooLong } });

    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `New Password must be at most ${LIMITS.password} characters long.`,
    );
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });
});
