import type { AdminApiToken } from '@papan/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const token: AdminApiToken = {
  _id: 't-1',
  name: 'Wallboard',
  scopes: ['boards:read', 'events:read'],
  boardIds: null,
  owner: { _id: 'u-2', name: 'Dewi', email: 'dewi@example.com' },
  lastUsedAt: null,
  expiresAt: null,
  createdAt: new Date().toISOString(),
};

describe('TokensPage', () => {
  it('lists every token with its owner and revokes one', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/tokens': { tokens: [token] },
      'DELETE /api/admin/tokens/t-1': { message: 'Token has been revoked.' },
      'GET /api/admin/stats': { userCount: 1, boardCount: 0, listCount: 0, cardCount: 0 },
    });
    renderApp('/admin/tokens');

    expect(await screen.findByText('Wallboard')).toBeInTheDocument();
    expect(screen.getByText('dewi@example.com')).toBeInTheDocument();
    expect(screen.getByText('events:read')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Revoke the token Wallboard of Dewi' }));
    await waitFor(() => expect(screen.queryByText('Wallboard')).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/admin/tokens/t-1')).toHaveLength(1);
  });
});
