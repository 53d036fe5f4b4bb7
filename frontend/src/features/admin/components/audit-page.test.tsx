import type { AuditEntryView, AuditPage } from '@papan/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const entry = (seq: number, overrides: Partial<AuditEntryView> = {}): AuditEntryView => ({
  _id: `e-${seq}`,
  seq,
  at: '2026-11-28T06:00:00.000Z',
  actor: { _id: 'u-1', email: 'root@example.com' },
  ip: '127.0.0.1',
  userAgent: 'test',
  action: 'auth.signin',
  target: { type: 'session', _id: `s-${seq}` },
  details: { method: 'password' },
  prevHash: '0'.repeat(64),
  hash: '1'.repeat(64),
  ...overrides,
});

describe('AuditPage', () => {
  it('lists entries newest first, loads older ones, filters by action, and verifies', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/audit': ({ url }: StubRequest): AuditPage => {
        if (url.searchParams.get('action') === 'admin.settings.changed') {
          return {
            entries: [entry(7, { action: 'admin.settings.changed', _id: 'e-settings' })],
            nextBefore: null,
          };
        }
        return url.searchParams.get('before') === '200'
          ? {
              entries: [entry(150, { actor: null, action: 'auth.signin.failed', _id: 'e-old' })],
              nextBefore: null,
            }
          : { entries: [entry(300), entry(200)], nextBefore: 200 };
      },
      'GET /api/admin/audit/verify': { ok: false, checked: 41, firstBadId: 'e-200' },
    });
    renderApp('/admin/audit');

    await screen.findByRole('table');
    expect(screen.getAllByText('Signed in', { selector: 'td span' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Sign-in failed', { selector: 'td span' })).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Action'), 'admin.settings.changed');
    expect(await screen.findByText('Settings changed', { selector: 'td span' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Sign-in failed', { selector: 'td span' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText(/Tampered: entry e-200 does not match \(after 41 good entries\)/),
    ).toBeInTheDocument();
    expect(api.calls('GET /api/admin/audit/verify')).toHaveLength(1);
  });

  it('sends the day range as the start and the end of those days', async () => {
    signIn({ role: 'ADMIN' });
    const user = userEvent.setup();
    const api = stubApi({ 'GET /api/admin/audit': { entries: [], nextBefore: null } });
    renderApp('/admin/audit');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() =>
      expect(api.calls('GET /api/admin/audit').some((r) => r.url.searchParams.has('from'))).toBe(true),
    );
    const from = api.calls('GET /api/admin/audit').find((r) => r.url.searchParams.has('from'))!;
    expect(from.url.searchParams.get('from')).toBe(new Date('2026-11-01T00:00:00').toISOString());
  });
});
