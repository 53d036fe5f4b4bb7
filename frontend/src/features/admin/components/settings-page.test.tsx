import type { InstanceSettings } from '@papan/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const stored: InstanceSettings = {
  registration: 'open',
  allowedEmailDomains: [],
  announcement: null,
  requireTwoFactorForAdmins: false,
  version: 1,
  updatedAt: '2026-11-28T00:00:00.000Z',
};

describe('SettingsPage', () => {
  it('saves registration, domains, the announcement and 2FA for admins in one PUT', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/settings': stored,
      'PUT /api/admin/settings': ({ body }: StubRequest) => ({
        ...(body as object),
        version: 2,
        updatedAt: stored.updatedAt,
      }),
    });
    renderApp('/admin/settings');

    await user.click(await screen.findByRole('radio', { name: /Closed/ }));
    await user.type(screen.getByLabelText('Allowed e-mail domains'), 'campus.ac.id');
    await user.type(screen.getByLabelText('Text'), 'Maintenance tonight');
    await user.selectOptions(screen.getByLabelText('Level'), 'warning');
    await user.click(screen.getByRole('checkbox', { name: /Require two-factor sign-in/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/settings')[0].body).toEqual({
      registration: 'closed',
      allowedEmailDomains: ['campus.ac.id'],
      announcement: { text: 'Maintenance tonight', level: 'warning' },
      requireTwoFactorForAdmins: true,
    });
    expect(screen.getByRole('radio', { name: /Closed/ })).toBeChecked();
  });

  it('names a bad domain without sending anything', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({ 'GET /api/admin/settings': stored });
    renderApp('/admin/settings');
    await user.type(await screen.findByLabelText('Allowed e-mail domains'), 'not a domain!');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(/Allowed domains: enter domain names/)).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/settings')).toHaveLength(0);
  });

  it('invites by e-mail', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/settings': stored,
      'POST /api/admin/invites': { _id: 'i-1', email: 'guest@example.org', expiresAt: stored.updatedAt },
    });
    renderApp('/admin/settings');
    await user.type(await screen.findByLabelText('E-mail address'), 'Guest@Example.org');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(screen.getByText('Invitation sent to guest@example.org.')).toBeInTheDocument(),
    );
    expect(api.calls('POST /api/admin/invites')[0].body).toEqual({
      email: 'guest@example.org',
      language: 'en',
    });
  });
});
