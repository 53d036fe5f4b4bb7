import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildLoginResult } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const settings = (enabled: boolean, name = 'Campus SSO') => ({
  'GET /api/settings/public': {
    registration: 'open',
    announcement: null,
    sso: { enabled, name },
    google: { enabled: false },
  },
});

describe('single sign-on', () => {
  it.each(['/login', '/register'])('offers the button named by the server on %s', async (path) => {
    stubApi(settings(true));
    renderApp(path);
    const link = await screen.findByRole('link', { name: 'Continue with Campus SSO' });
    expect(link).toHaveAttribute('href', '/api/auth/oidc');
  });

  it('shows no button when single sign-on is off', async () => {
    const api = stubApi(settings(false));
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls('GET /api/settings/public')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Continue with/ })).not.toBeInTheDocument();
  });

  it('asks an existing account to sign in with its password once to link', async () => {
    stubApi(settings(true));
    renderApp('/login?error=oidc_link_pending');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'An account with your e-mail address already exists. Sign in with your password once, here',
    );
  });

  it('explains a refusal', async () => {
    stubApi(settings(true));
    renderApp('/login?error=oidc_email_taken');
    expect(await screen.findByRole('alert')).toHaveTextContent('your provider has not verified the address');
  });

  it('exchanges the code of /auth/callback?provider=oidc and goes to `next`, a path of this app', async () => {
    const result = buildLoginResult({ name: 'Nadia Oidc', provider: 'oidc' });
    const api = stubApi({ 'POST /api/auth/oidc/exchange': result });
    const { router } = renderApp('/auth/callback?provider=oidc&token=code-1&next=%2Fprojects');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(api.calls('POST /api/auth/oidc/exchange').map((c) => c.body)).toEqual([{ code: 'code-1' }]);
    expect(useSession.getState().session).toMatchObject({ token: result.token, provider: 'oidc' });
  });

  it('never follows a `next` that leaves the app', async () => {
    stubApi({ 'POST /api/auth/oidc/exchange': buildLoginResult() });
    const { router } = renderApp('/auth/callback?provider=oidc&token=code-2&next=%2F%2Fevil.example%2Fx');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sends an account with two-factor sign-in to the code step', async () => {
    stubApi({ 'POST /api/auth/oidc/exchange': { twoFactorRequired: true, challenge: 'abc' } });
    const { router } = renderApp('/auth/callback?provider=oidc&token=code-3');
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().session).toBeNull();
  });
});
