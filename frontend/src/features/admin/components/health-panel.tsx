import type { AdminHealth } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { formatDateTime } from '../../../lib/dates';
import { useAdminHealth } from '../api/get-admin-health';

/** Bytes as the largest whole unit that keeps a number of at least 1 (1.5 MB). */
export function formatBytes(bytes: number, language: string | undefined): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}

/** Seconds as days, hours and minutes ("2 d 3 h 5 min"); under a minute, "0 min". */
export function formatUptime(seconds: number): { days: number; hours: number; minutes: number } {
  return {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
  };
}

/** The health of the installation on the admin dashboard (docs/operations.md, "Admin health"). */
export function HealthPanel() {
  const { t } = useTranslation();
  const health = useAdminHealth();
  return (
    <Panel title={t('admin.health.title')} description={t('admin.health.description')}>
      {health.error && !health.data && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('admin.health.loadError')}
        </p>
      )}
      {!health.data && !health.error && <p className="text-sm">{t('common.loading')}</p>}
      {health.data && <HealthFacts health={health.data} />}
    </Panel>
  );
}

function HealthFacts({ health }: { health: AdminHealth }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const number = (n: number) => new Intl.NumberFormat(language).format(n);
  const facts: [string, string][] = [
    [t('admin.health.version'), health.version],
    [t('admin.health.uptime'), t('admin.health.uptimeValue', formatUptime(health.uptimeSeconds))],
    [
      t('admin.health.database'),
      t('admin.health.databaseValue', {
        kind: t(`admin.health.kinds.${health.database.kind}`),
        size: formatBytes(health.database.sizeBytes, language),
      }),
    ],
    [t('admin.health.eventLog'), number(health.eventLogRows)],
    [t('admin.health.mail'), t('admin.health.mailValue', health.mail)],
    [t('admin.health.webhooks'), t('admin.health.webhooksValue', health.webhooks)],
  ];
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
              {term}
            </dt>
            <dd className="mt-0.5 text-sm font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold">
          {t('admin.health.instances', { count: health.instances.length })}
        </h3>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {health.instances.map((instance) => (
            <li key={instance.id} className="flex flex-wrap gap-x-3">
              <span className="font-mono">{instance.id}</span>
              <span className="text-slate-600 dark:text-slate-400">
                {t('admin.health.instanceValue', {
                  startedAt: formatDateTime(instance.startedAt, language),
                  count: instance.sockets,
                })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
