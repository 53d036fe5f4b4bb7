import { TIMINGS } from '@papan/shared';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { lastSocket } from '../../../testing/fake-socket-io';
import { buildNotification, signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { testI18n } from '../../../testing/test-i18n';

const unreadTwo = () => [
  buildNotification({ text: 'Grace invited you to Roadmap' }),
  buildNotification({ text: 'Linus commented on Fix login', boardId: null }),
  buildNotification({ text: 'Old news', read: true }),
];

describe('NotificationBell', () => {
  it('shows the unread count and marks everything read when opened', async () => {
    signIn();
    const api = stubApi({
      'GET /api/notifications': unreadTwo(),
      'POST /api/notifications/mark-as-read': {},
    });
    const { user } = renderApp('/help');

    const bell = await screen.findByRole('button', { name: 'Notifications (2 unread)' });
    expect(bell).toHaveTextContent('2');
    await user.click(bell);

    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'Grace invited you to Roadmap',
    );
    expect(screen.getByRole('link', { name: /Grace invited you/ })).toHaveAttribute('href', '/board/board-1');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    expect(api.calls('POST /api/notifications/mark-as-read')).toHaveLength(1);
  });

  it('does not call mark-as-read when nothing is unread', async () => {
    signIn();
    const api = stubApi({ 'GET /api/notifications': [buildNotification({ read: true })] });
    const { user } = renderApp('/help');

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.calls('POST /api/notifications/mark-as-read')).toHaveLength(0);
  });

  it('keeps the items unread and says so when marking fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({
      'GET /api/notifications': unreadTwo(),
      'POST /api/notifications/mark-as-read': errorResponse(500, 'boom'),
    });
    const { user } = renderApp('/help');

    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark notifications as read.');
    expect(screen.getByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
  });

  it('says the notifications could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    stubApi({ 'GET /api/notifications': errorResponse(500, 'boom') });
    const { user } = renderApp('/help');

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load notifications. Please try again later.',
    );
  });

  it('polls every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const api = stubApi();
    renderApp('/help');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(1));

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.notificationPollMs));

    await waitFor(() => expect(api.calls('GET /api/notifications')).toHaveLength(2));
  });

  it('adds a pushed notification:new at once, with a toast', async () => {
    const { token } = signIn();
    stubApi();
    renderApp('/help');
    await screen.findByRole('button', { name: 'Notifications' });

    expect(lastSocket()?.options).toEqual({ auth: { token } });
    act(() => lastSocket()?.serverEmit('notification:new', buildNotification({ text: 'You were invited' })));

    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    expect(screen.getByText('You were invited')).toBeInTheDocument();
  });

  it('lists and announces a notification given twice (a recovered socket) once', async () => {
    signIn();
    stubApi();
    renderApp('/help');
    await screen.findByRole('button', { name: 'Notifications' });

    const notification = buildNotification({ text: 'You were invited' });
    act(() => lastSocket()?.serverEmit('notification:new', notification));
    act(() => lastSocket()?.serverEmit('notification:new', notification));

    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
    expect(screen.getAllByText('You were invited')).toHaveLength(1);
  });

  it('says templated notifications, listed and pushed, in the reader language', async () => {
    await testI18n.changeLanguage('id');
    signIn();
    stubApi({
      'GET /api/notifications': [
        buildNotification({
          text: 'Grace added you to the board "Roadmap"',
          template: 'addedYou',
          params: { actor: 'Grace', board: 'Roadmap' },
          read: true,
        }),
      ],
    });
    const { user } = renderApp('/help');
    const bell = await screen.findByRole('button', { name: 'Notifikasi' });

    act(() =>
      lastSocket()?.serverEmit(
        'notification:new',
        buildNotification({
          text: 'Linus commented on "Fix login"',
          template: 'commented',
          params: { actor: 'Linus', card: 'Fix login' },
        }),
      ),
    );
    expect(await screen.findByText('Linus mengomentari "Fix login"')).toBeInTheDocument();

    await user.click(bell);
    const region = screen.getByRole('region', { name: 'Notifikasi' });
    expect(region).toHaveTextContent('Grace menambahkan Anda ke papan "Roadmap"');
    expect(region).toHaveTextContent('Linus mengomentari "Fix login"');
  });
});
