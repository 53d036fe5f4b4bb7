import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';

const blocked = [{ _id: 'u-7', name: 'Mallory', profilePictureUrl: null }];

describe('PrivacyTab', () => {
  it('unblocks a user and says so', async () => {
    signIn();
    const api = stubApi({ 'GET /api/users/blocked': blocked, 'POST /api/users/unblock': { message: 'ok' } });
    const { user } = renderApp('/settings/privacy');

    await user.click(await screen.findByRole('button', { name: 'Unblock Mallory' }));

    expect(await screen.findByText('User has been unblocked.')).toBeInTheDocument();
    expect(screen.getByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(api.calls('POST /api/users/unblock')[0]?.body).toEqual({ userIdToUnblock: 'u-7' });
  });

  it('says "Failed to unblock user." when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'GET /api/users/blocked': blocked, 'POST /api/users/unblock': errorResponse(500, 'boom') });
    const { user } = renderApp('/settings/privacy');

    await user.click(await screen.findByRole('button', { name: 'Unblock Mallory' }));

    expect(await screen.findByText('Failed to unblock user.')).toBeInTheDocument();
    expect(screen.getByText('Mallory')).toBeInTheDocument();
  });

  it('deletes the account after the confirm dialog, logs out and goes to /', async () => {
    signIn();
    const api = stubApi({ 'GET /api/users/blocked': [], 'DELETE /api/users/me': { message: 'ok' } });
    const { user, router } = renderApp('/settings/privacy');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(api.calls('DELETE /api/users/me')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await screen.findByText('Your account has been deleted successfully.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(useSession.getState().session).toBeNull();
    expect(await screen.findByRole('link', { name: 'Start Free Trial' })).toBeInTheDocument();
  });

  it('keeps the account and says so when deleting fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'GET /api/users/blocked': [], 'DELETE /api/users/me': errorResponse(500, 'boom') });
    const { user } = renderApp('/settings/privacy');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', {
        name: 'Delete Account',
      }),
    );

    expect(await screen.findByText('There was an error deleting your account.')).toBeInTheDocument();
    expect(useSession.getState().session).not.toBeNull();
  });
});
