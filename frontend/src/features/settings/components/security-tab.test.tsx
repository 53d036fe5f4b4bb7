import type { LoginSession } from '@papan/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { testI18n } from '../../../testing/test-i18n';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
/** As GET /api/sessions answers them (loginSessionSchema). */
const sessions = (): LoginSession[] => [
  {
    _id: 's-1',
    id: 's-1',
    device: { browser: 'Firefox', os: 'Linux' },
    location: 'Local network',
    lastUsed: hourAgo(),
    createdAt: hourAgo(),
    current: true,
  },
  {
    _id: 's-2',
    id: 's-2',
    device: { browser: 'Safari', os: 'iOS' },
    location: 'Unknown',
    lastUsed: hourAgo(),
    createdAt: hourAgo(),
    current: false,
  },
];

describe('SessionsList', () => {
  it('lists sessions (also wrapped in data) with device, location, last use and this device', async () => {
    signIn();
    stubApi({ 'GET /api/sessions': { data: sessions() } });
    renderApp('/settings/security');

    expect(await screen.findByText('Firefox on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
    expect(screen.getByText(/Local network/)).toHaveTextContent('Last used about 1 hour ago');
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText(/Unknown location/)).toBeInTheDocument();
  });

  it("says the server's Unknown and Local network in the reader's language", async () => {
    signIn();
    await testI18n.changeLanguage('id');
    stubApi({
      'GET /api/sessions': [
        { ...sessions()[0], device: { browser: 'Unknown', os: 'Unknown' } },
        { ...sessions()[1], location: 'Unknown' },
      ],
    });
    renderApp('/settings/security');

    expect(await screen.findByText('Peramban tidak dikenal di sistem tidak dikenal')).toBeInTheDocument();
    expect(screen.getByText(/Jaringan lokal/)).toBeInTheDocument();
    expect(screen.getByText(/Lokasi tidak diketahui/)).toBeInTheDocument();
  });

  it('revokes another session: it disappears and a toast says so', async () => {
    signIn();
    const api = stubApi({ 'GET /api/sessions': sessions(), 'DELETE /api/sessions/s-2': { message: 'ok' } });
    const { user } = renderApp('/settings/security');

    await user.click(await screen.findByRole('button', { name: 'Revoke the session of Safari on iOS' }));

    expect(await screen.findByText('Session has been revoked.')).toBeInTheDocument();
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/sessions/s-2')).toHaveLength(1);
    expect(useSession.getState().session).not.toBeNull();
  });

  it('logs out when the current session is revoked', async () => {
    signIn();
    stubApi({ 'GET /api/sessions': sessions(), 'DELETE /api/sessions/s-1': { message: 'ok' } });
    const { user, router } = renderApp('/settings/security');

    await user.click(await screen.findByRole('button', { name: 'Revoke the session of Firefox on Linux' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(useSession.getState().session).toBeNull();
  });

  it('says when revoking or loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'GET /api/sessions': sessions(), 'DELETE /api/sessions/s-2': errorResponse(500, 'boom') });
    const { user, unmount } = renderApp('/settings/security');

    await user.click(await screen.findByRole('button', { name: 'Revoke the session of Safari on iOS' }));
    expect(await screen.findByText('Failed to log out session. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Safari on iOS')).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/sessions': errorResponse(500, 'boom') });
    renderApp('/settings/security');
    expect(await screen.findByText('Failed to load sessions.')).toBeInTheDocument();
  });
});
