import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { buildLoginResult, buildToken } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { adminStubRoutes, renderApp } from '../../../testing/render-app';

// Each test its own code: a page load exchanges one code once, and the tests share the page.
let sequence = 0;
const nextCode = () => `google_Code-${++sequence}`;
const providers = { 'GET /api/auth/providers': { google: true, allowedOrigins: [] } };

describe('AuthCallbackPage', () => {
  it('exchanges the one-time code once (StrictMode mounts twice), signs in and opens home', async () => {
    const code = nextCode();
    const result = buildLoginResult({ name: 'Gina Google', provider: 'google' });
    const api = stubApi({ 'POST /api/auth/google/exchange': result });
    const { router } = renderApp(`/auth/callback?token=${code}`, { strict: true });

    expect(await screen.findByRole('heading', { name: /Gina Google/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.calls('POST /api/auth/google/exchange').map((call) => call.body)).toEqual([{ code }]);
    expect(useSession.getState().session).toMatchObject({ token: result.token, provider: 'google' });
  });

  it('sends an ADMIN to /admin', async () => {
    stubApi({ 'POST /api/auth/google/exchange': buildLoginResult({ role: 'ADMIN' }) });
    const { router } = renderApp(`/auth/callback?token=${nextCode()}`, { adminRoutes: adminStubRoutes });

    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('never takes the address value as a session token: a refused exchange signs nobody in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sessionToken = buildToken({ name: 'Mallory' });
    stubApi({ ...providers, 'POST /api/auth/google/exchange': errorResponse(400, 'Invalid sign-in code') });
    const { router } = renderApp(`/auth/callback?token=${sessionToken}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('goes to /login without a call when there is no code', async () => {
    const api = stubApi(providers);
    const { router } = renderApp('/auth/callback');

    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('POST /api/auth/google/exchange')).toHaveLength(0);
  });
});
