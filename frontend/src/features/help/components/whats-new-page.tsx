import { APP_VERSION } from '@papan/shared';
import { Archive, LayoutDashboard, ListChecks, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/dates';

/**
 * The release note of version 1.0.0, in the order of docs/product.md,
 * "Help, What's new and Contact support".
 */
const ITEMS = [
  { id: 'visualBoards', Icon: LayoutDashboard },
  { id: 'collaboration', Icon: Users },
  { id: 'cardFeatures', Icon: ListChecks },
  { id: 'archiving', Icon: Archive },
  { id: 'adminPanel', Icon: ShieldCheck },
] as const;

export function WhatsNewPage() {
  const { t, i18n } = useTranslation();
  const released = formatLongDate(APP_VERSION.released, i18n.resolvedLanguage);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-semibold tracking-tight">{t('whatsNew.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">{t('whatsNew.subtitle')}</p>
      <article className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <div className="flex flex-wrap items-center gap-3">
          <span className="rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-700 dark:bg-indigo-500/20 dark:text-indigo-200">
            {t('whatsNew.version', { version: APP_VERSION.version })}
          </span>
          <time dateTime={APP_VERSION.released} className="text-sm text-slate-500 dark:text-slate-400">
            {t('whatsNew.released', { date: released })}
          </time>
        </div>
        <h2 className="mt-4 text-xl font-semibold">{t('whatsNew.releaseTitle')}</h2>
        <ul className="mt-6 flex flex-col gap-5">
          {ITEMS.map(({ id, Icon }) => (
            <li key={id} className="flex gap-4">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-medium">{t(`whatsNew.items.${id}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                  {t(`whatsNew.items.${id}.description`)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </article>
    </div>
  );
}
