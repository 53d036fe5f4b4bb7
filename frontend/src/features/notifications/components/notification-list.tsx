import type { Notification } from '@papan/shared';
import { BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates';
import { notificationText } from '../../../lib/notification-text';

interface NotificationListProps {
  notifications: Notification[];
  onNavigate: () => void;
}

function NotificationText({ notification }: { notification: Notification }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <span className="flex items-start gap-2">
        {!notification.read && (
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-indigo-500" />
        )}
        <span className="text-sm text-slate-800 dark:text-slate-200">
          {notificationText(notification, t)}
        </span>
      </span>
      <time
        dateTime={notification.createdAt}
        title={formatDateTime(notification.createdAt, i18n.resolvedLanguage)}
        className="mt-1 block text-xs text-slate-500 dark:text-slate-400"
      >
        {formatRelativeTime(notification.createdAt, i18n.resolvedLanguage)}
      </time>
    </>
  );
}

const itemClass = 'block rounded-lg px-3 py-2.5';

export function NotificationList({ notifications, onNavigate }: NotificationListProps) {
  const { t } = useTranslation();
  if (notifications.length === 0) {
    return (
      <p className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        <BellOff aria-hidden="true" className="size-6" />
        {t('notifications.empty')}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-0.5">
      {notifications.map((notification) => (
        <li key={notification._id}>
          {notification.boardId ? (
            <Link
              to={`/board/${notification.boardId}`}
              onClick={onNavigate}
              className={`${itemClass} hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800`}
            >
              <NotificationText notification={notification} />
            </Link>
          ) : (
            <div className={itemClass}>
              <NotificationText notification={notification} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
