import type { Activity } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActivityActor } from '../../../components/activity-actor';
import { ActivityText } from '../../../components/activity-text';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates';
import { ActivityIcon } from './activity-icon';
import { activityTime } from './group-by-day';

/** One entry: who did what on which board, and when; the whole entry opens the board. */
export function ActivityItem({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const time = activityTime(activity);
  return (
    <li>
      <Link
        to={`/board/${activity.boardId}`}
        className="flex gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800/70"
      >
        <ActivityIcon actionType={activity.actionType} />
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-relaxed text-slate-700 dark:text-slate-300 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white">
            <ActivityActor activity={activity} someone={t('activity.someone')} />{' '}
            <ActivityText activity={activity} />
          </p>
          <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-500 dark:text-slate-400">
            {activity.boardTitle && (
              <>
                <span className="truncate font-medium">{activity.boardTitle}</span>
                <span aria-hidden="true">·</span>
              </>
            )}
            <time dateTime={time} title={formatDateTime(time, language)}>
              {formatRelativeTime(time, language)}
            </time>
          </p>
        </div>
      </Link>
    </li>
  );
}
