import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../lib/dates';
import { deliveriesKey, getWebhookDeliveries } from '../../../api/webhooks';

/** The last attempts of one webhook, newest first: when, what, which attempt, and how it went. */
export function WebhookDeliveries({ boardId, webhookId }: { boardId: string; webhookId: string }) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading } = useQuery({
    queryKey: deliveriesKey(boardId, webhookId),
    queryFn: ({ signal }) => getWebhookDeliveries(boardId, webhookId, signal),
  });
  const note = 'px-2 py-2 text-xs text-slate-500 dark:text-slate-400';
  if (isLoading) return <p className={note}>{t('board.share.webhooks.loading')}</p>;
  if (error) return <p className={note}>{t('board.share.webhooks.loadError')}</p>;
  if (!data?.deliveries.length) return <p className={note}>{t('board.share.webhooks.noDeliveries')}</p>;
  return (
    <ol aria-label={t('board.share.webhooks.deliveries')} className="max-h-40 overflow-y-auto text-xs">
      {data.deliveries.map((d) => {
        const ok = d.statusCode !== null && d.statusCode >= 200 && d.statusCode < 300;
        return (
          <li key={d._id} className="flex flex-wrap items-baseline gap-x-2 px-2 py-1">
            <span
              className={ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-600 dark:text-red-400'}
            >
              {d.statusCode ?? t('board.share.webhooks.noAnswer')}
            </span>
            <span className="font-mono">{d.type}</span>
            <span className="text-slate-500 dark:text-slate-400">
              {t('board.share.webhooks.attempt', { attempt: d.attempt })} · {d.durationMs} ms ·{' '}
              {formatDateTime(d.createdAt, i18n.resolvedLanguage)}
            </span>
            {d.error && !ok && (
              <span className="w-full truncate text-slate-500 dark:text-slate-400">{d.error}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
