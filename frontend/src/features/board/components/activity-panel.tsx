import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActivityActor } from '../../../components/activity-actor';
import { ActivityText } from '../../../components/activity-text';
import { Alert } from '../../../components/ui/alert';
import { Dialog } from '../../../components/ui/dialog';
import { InlineSpinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { getBoardActivities } from '../api/get-board-activities';

/**
 * The Board Activity panel (docs/product.md, "Board Activity panel"): who did what, newest first,
 * with local timestamps.
 */
export function ActivityPanel({ boardId, onClose }: { boardId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useQuery({
    queryKey: ['board', boardId, 'activities'],
    queryFn: ({ signal }) => getBoardActivities(boardId, signal),
  });

  return (
    <Dialog title={t('board.activity.title')} onClose={onClose} size="lg">
      {isLoading ? (
        <InlineSpinner label={t('board.activity.loading')} />
      ) : error ? (
        <Alert tone="error">{t('board.activity.loadError')}</Alert>
      ) : !data?.length ? (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
          {t('board.activity.empty')}
        </p>
      ) : (
        <ol className="-mx-2 max-h-[60vh] divide-y divide-slate-100 overflow-y-auto dark:divide-slate-800">
          {data.map((activity) => {
            const time = activity.timestamp || activity.createdAt;
            return (
              <li key={activity._id} className="px-2 py-3">
                <p className="text-sm leading-relaxed text-slate-700 dark:text-slate-300 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white">
                  <ActivityActor activity={activity} someone={t('board.activity.someone')} />{' '}
                  <ActivityText activity={activity} />
                </p>
                <time dateTime={time} className="mt-0.5 block text-xs text-slate-500 dark:text-slate-400">
                  {formatDateTime(time, i18n.resolvedLanguage)}
                </time>
              </li>
            );
          })}
        </ol>
      )}
    </Dialog>
  );
}
