import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { signIn } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const publicSettings = (text: string, level: 'info' | 'warning' = 'info') => ({
  registration: 'open',
  announcement: { text, level },
  sso: { enabled: false, name: '' },
  google: { enabled: false },
});

describe('AnnouncementBanner', () => {
  it('shows the announcement to someone signed in until they dismiss it, and remembers that', async () => {
    signIn();
    const user = userEvent.setup();
    stubApi({ 'GET /api/settings/public': publicSettings('Maintenance at noon', 'warning') });
    const first = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Maintenance at noon');
    await user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument(),
    );

    first.unmount();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
  });

  it('shows a changed announcement again', async () => {
    signIn();
    window.localStorage.setItem('dismissedAnnouncement', 'info:Old news');
    stubApi({ 'GET /api/settings/public': publicSettings('New news') });
    renderApp('/');
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveTextContent('New news');
  });
});
