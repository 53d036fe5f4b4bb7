import { Activity as ActivityIconSvg } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useActivities } from '../hooks/use-activities';
import { ActivityItem } from './activity-item';
import { groupByDay } from './group-by-day';

/**
 * /activity: what happened on the user's boards, newest first, grouped by day (docs/product.md,
 * "Activity page").
 */
export function ActivityPage() {
  const { t, i18n } = useTranslation();
  const { activities, error, isLoading, hasMore, loadingMore, loadMoreFailed, loadMore } = useActivities();
  const groups = groupByDay(activities, i18n.resolvedLanguage);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('activity.title')} description={t('activity.description')} />
      {isLoading && <FullPageSpinner label={t('common.loading')} />}
      {!isLoading && error !== null && activities.length === 0 && (
        <Alert tone="error">{t('activity.loadError')}</Alert>
      )}
      {!isLoading && error === null && activities.length === 0 && (
        <EmptyState
          icon={<ActivityIconSvg aria-hidden="true" className="size-6" />}
          title={t('activity.empty.title')}
          description={t('activity.empty.description')}
        />
      )}
      <div className="flex flex-col gap-8">
        {groups.map((group) => (
          <section key={group.day} aria-labelledby={`day-${group.day}`}>
            <h2
              id={`day-${group.day}`}
              className="mb-2 px-3 text-xs font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400"
            >
              {group.kind === 'other' ? group.label : t(`activity.${group.kind}`)}
            </h2>
            <ul className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
              {group.activities.map((activity) => (
                <ActivityItem key={activity._id} activity={activity} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      {hasMore && (
        <div className="mt-6 flex flex-col items-center gap-3">
          {loadMoreFailed && <Alert tone="error">{t('activity.loadError')}</Alert>}
          <Button
            variant="secondary"
            onClick={() => void loadMore()}
            disabled={loadingMore}
            loading={loadingMore}
          >
            {t('activity.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}
