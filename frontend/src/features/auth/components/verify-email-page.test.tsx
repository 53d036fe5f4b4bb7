import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildUser, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

// Each test its own token: a page load asks about one link once, and the tests share the page.
let sequence = 0;
const nextToken = () => `verify_Token-${++sequence}`;
const verified = () => ({ message: 'Email verified', user: buildUser({ emailVerified: true }) });

describe('VerifyEmailPage', () => {
  it('verifies the link once even though StrictMode mounts the page twice', async () => {
    const token = nextToken();
    const api = stubApi({ 'POST /api/auth/verify-email': verified });
    renderApp(`/verify-email?token=${token}`, { strict: true });

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/verify-email').map((call) => call.body)).toEqual([{ token }]);
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });

  it('marks the signed-in user verified, so the banner is gone on the next screen', async () => {
    signIn({ emailVerified: false });
    stubApi({
      'POST /api/auth/verify-email': verified,
      'GET /api/auth/me': buildUser({ emailVerified: false }),
    });
    const { user, router } = renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(useSession.getState().session?.emailVerified).toBe(true);
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ emailVerified: true });

    await user.click(screen.getByRole('link', { name: 'Continue to Papan' }));
    expect(await screen.findByRole('heading', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('region', { name: 'Email verification' })).not.toBeInTheDocument();
  });

  it("leaves another account's session as it is", async () => {
    signIn({ _id: 'someone-else', email: 'grace@example.com', emailVerified: false });
    stubApi({ 'POST /api/auth/verify-email': verified });
    renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(useSession.getState().session).toMatchObject({ _id: 'someone-else', emailVerified: false });
  });

  it('explains an invalid, used or expired link to a visitor, who logs in to ask for a new one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = stubApi({ 'POST /api/auth/verify-email': errorResponse(400, 'Invalid or expired link') });
    renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid, has already been used or has expired.',
    );
    expect(screen.getByText('Log in to ask for a new link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(api.calls('GET /api/auth/me')).toHaveLength(0);
  });

  it('says "already verified" when a used link belongs to a signed-in user who is verified', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ emailVerified: false });
    stubApi({
      'POST /api/auth/verify-email': errorResponse(400, 'Invalid or expired link'),
      'GET /api/auth/me': buildUser({ emailVerified: true }),
    });
    renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByText('Your email address is already verified.')).toBeInTheDocument();
    expect(useSession.getState().session?.emailVerified).toBe(true);
  });

  it('points a signed-in, unverified user at the banner to ask for a new link', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn({ emailVerified: false });
    stubApi({
      'POST /api/auth/verify-email': errorResponse(400, 'Invalid or expired link'),
      'GET /api/auth/me': buildUser({ emailVerified: false }),
    });
    renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid');
    expect(
      screen.getByText('You can ask for a new link from the banner at the top of the app.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to Papan' })).toHaveAttribute('href', '/');
  });

  it('asks for a reload, not a new link, when the server cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'POST /api/auth/verify-email': errorResponse(500, 'boom') });
    renderApp(`/verify-email?token=${nextToken()}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not verify your address right now. Please reload this page to try again.',
    );
  });

  it('says the link is invalid without a call when it carries no token', async () => {
    const api = stubApi();
    renderApp('/verify-email');

    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is invalid');
    expect(api.calls('POST /api/auth/verify-email')).toHaveLength(0);
  });
});
