import type { Notification } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '../../../components/ui/alert';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { notificationText } from '../../../lib/notification-text';
import { useSocketEvent } from '../../../lib/use-socket-event';
import { useNotifications } from '../api/get-notifications';
import { markNotificationsRead } from '../api/mark-notifications-read';
import { NOTIFICATION_QUERIES } from '../api/query-keys';
import { NotificationList } from './notification-list';

/**
 * The bell (docs/product.md, "Navigation and the top bar"): unread count, polled every 30 s and
 * pushed live; opening it with unread items marks them all read, locally once the server has
 * agreed.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, error, isLoading } = useNotifications();
  const [open, setOpen] = useState(false);
  const [markFailed, setMarkFailed] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useDismiss(root, open, () => setOpen(false));

  useSocketEvent('notification:new', (notification: Notification) => {
    let known = false;
    queryClient.setQueryData<Notification[]>(NOTIFICATION_QUERIES.list, (current) => {
      known = !!current?.some((n) => n._id === notification._id);
      return [notification, ...(current ?? []).filter((n) => n._id !== notification._id)];
    });
    // One given again (a socket recovered right after it; docs/realtime.md, "Several instances")
    // is not announced twice.
    if (!known) toast.info(notificationText(notification, t));
  });

  const notifications = data ?? [];
  const unread = notifications.filter((notification) => !notification.read).length;

  async function markAllRead() {
    setMarkFailed(false);
    try {
      await markNotificationsRead();
      queryClient.setQueryData<Notification[]>(NOTIFICATION_QUERIES.list, (current) =>
        current?.map((notification) => ({ ...notification, read: true })),
      );
    } catch (err) {
      console.error('Failed to mark notifications as read', err);
      setMarkFailed(true);
    }
  }

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && unread > 0) void markAllRead();
  }

  const label = unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.label');
  return (
    <div ref={root} className="relative">
      {/* Named by its own (hidden) text, not aria-label: the visible count must be part of the name. */}
      <button
        type="button"
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Bell aria-hidden="true" className="size-5" />
        <span className="sr-only">{label}</span>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-500 px-1 text-[0.625rem] leading-5 font-bold text-white ring-2 ring-white dark:ring-slate-900"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label={t('notifications.title')}
          // Below sm the bell sits too far left for a 20rem panel hanging from it: span the window instead.
          className="fixed inset-x-4 top-16 z-40 rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold dark:border-slate-700">
            {t('notifications.title')}
          </h2>
          <div className="max-h-80 overflow-y-auto p-1.5">
            {markFailed && <Alert tone="error">{t('notifications.markFailed')}</Alert>}
            {isLoading && <InlineSpinner label={t('common.loading')} />}
            {error && !data ? (
              <Alert tone="error">{t('notifications.loadError')}</Alert>
            ) : (
              !isLoading && (
                <NotificationList notifications={notifications} onNavigate={() => setOpen(false)} />
              )
            )}
          </div>
        </div>
      )}
    </div>
  );
}
