import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildLoginResult, buildToken, buildUser } from '../../../testing/factories';
import { adminStubRoutes, renderApp } from '../../../testing/render-app';

const BACKEND = 'http://localhost:5000';
const providers = { google: true, allowedOrigins: [BACKEND, 'http://localhost:3000'] };

/** A `message` event from `source` (jsdom's MessageEvent takes no plain object as its source). */
function post(source: unknown, origin: string, data: unknown) {
  const event = new MessageEvent('message', { origin, data });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

/**
 * The Google button, once the page listens for the popup's messages: the listener is attached in a
 * passive effect, which a loaded machine may run after the button is already in the DOM.
 */
async function googleButton() {
  const button = await screen.findByRole('button', { name: 'Continue with Google' });
  await act(() => Promise.resolve());
  return button;
}
const success = (overrides = {}) => {
  const { token, ...user } = buildLoginResult({ provider: 'google', ...overrides });
  return { type: 'GOOGLE_AUTH_SUCCESS', token, user };
};

describe('Google sign-in', () => {
  let open: ReturnType<typeof vi.fn>;
  let popup: { focus: () => void };
  beforeEach(() => {
    popup = { focus: vi.fn() };
    open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** What the popup's page posts to window.opener. */
  const postFromPopup = (origin: string, data: unknown) => post(popup, origin, data);

  /** Renders `path` and opens the popup with the Google button, as a person would first. */
  async function renderAndOpen(path: string, options?: Parameters<typeof renderApp>[1]) {
    const view = renderApp(path, options);
    await view.user.click(await googleButton());
    return view;
  }

  it('hides the Google button when the server does not offer Google sign-in', async () => {
    const api = stubApi({ 'GET /api/auth/providers': { google: false, allowedOrigins: [BACKEND] } });
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls('GET /api/auth/providers')).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it.each(['/login', '/register'])('opens a 600x700 popup at /api/auth/google from %s', async (path) => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { user } = renderApp(path);

    await user.click(await googleButton());

    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0] as [string, string, string];
    expect(url).toBe('/api/auth/google');
    expect(features).toMatch(/(^|,)width=600(,|$)/);
    expect(features).toMatch(/(^|,)height=700(,|$)/);
  });

  it('ignores messages from origins that are not allowed', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/login');

    postFromPopup('https://evil.example', success());
    postFromPopup('http://localhost:5001', { token: buildToken() });

    expect(useSession.getState().session).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('ignores messages from an allowed origin that carry no token', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/login');

    postFromPopup(BACKEND, { type: 'GOOGLE_AUTH_SUCCESS', user: buildUser() });
    postFromPopup(BACKEND, 'GOOGLE_AUTH_SUCCESS');
    postFromPopup(BACKEND, { type: 'SOMETHING_ELSE' });

    expect(useSession.getState().session).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the code step when the popup hands over a two-factor challenge, signing nobody in yet', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/register');

    postFromPopup(BACKEND, {
      type: 'GOOGLE_AUTH_SUCCESS',
      twoFactorRequired: true,
      challenge: 'challenge-1',
    });

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().session).toBeNull();
  });

  it('ignores messages from any window but the popup it opened, even from an allowed origin', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/login');

    post(window, BACKEND, success());
    post(null, BACKEND, success());
    post({ focus: vi.fn() }, BACKEND, { token: buildToken() });

    expect(useSession.getState().session).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in from a GOOGLE_AUTH_SUCCESS message of an allowed origin and opens the home screen', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/login');
    const message = success({ name: 'Gina Google' });

    postFromPopup(BACKEND, message);

    expect(await screen.findByRole('heading', { name: /Gina Google/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().session).toMatchObject({ token: message.token, provider: 'google' });
    expect(window.localStorage.getItem('token')).toBe(message.token);
  });

  it('still hears the popup after moving from /login to /register while it is open', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { user, router } = await renderAndOpen('/login');
    await user.click(screen.getByRole('link', { name: 'Register' }));
    await screen.findByRole('heading', { name: 'Create your account' });
    await googleButton();

    postFromPopup(BACKEND, success({ name: 'Gina Google' }));

    expect(await screen.findByRole('heading', { name: /Gina Google/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signs in from a message that carries only a token', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/register');
    const token = buildToken({ name: 'Tara Token', provider: 'google' });

    postFromPopup('http://localhost:3000', { token });

    expect(await screen.findByRole('heading', { name: /Tara Token/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().session?.token).toBe(token);
  });

  it('sends an ADMIN to /admin', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    const { router } = await renderAndOpen('/login', { adminRoutes: adminStubRoutes });

    postFromPopup(BACKEND, success({ role: 'ADMIN' }));

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('goes through Google in the whole window when the popup is blocked', async () => {
    open.mockReturnValue(null);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    stubApi({ 'GET /api/auth/providers': providers });
    const { user } = renderApp('/login');

    await user.click(await googleButton());

    expect(assign).toHaveBeenCalledWith('/api/auth/google');
  });

  it.each([
    ['google_denied', 'Google sign-in was cancelled.'],
    ['google_failed', 'Google sign-in failed. Please try again.'],
    ['google_unverified', /no verified e-mail address/],
  ])('explains /login?error=%s', async (error, text) => {
    stubApi({ 'GET /api/auth/providers': providers });
    renderApp(`/login?error=${error}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows no error for an unknown error value', async () => {
    stubApi({ 'GET /api/auth/providers': providers });
    renderApp('/login?error=<b>nope</b>');

    await googleButton();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
