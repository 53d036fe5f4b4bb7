import { Columns3, GanttChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const TEMPLATES = [
  { id: 'kanban', Icon: Columns3, tint: 'bg-sky-50 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300' },
  {
    id: 'tracker',
    Icon: GanttChart,
    tint: 'bg-violet-50 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300',
  },
] as const;

/**
 * The kanban and project tracker templates; both open the create-board dialog (docs/product.md,
 * "Home dashboard").
 */
export function TemplateCards({ onUse }: { onUse: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="templates-title" className="mt-12">
      <h2 id="templates-title" className="text-lg font-semibold">
        {t('home.templates.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('home.templates.description')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {TEMPLATES.map(({ id, Icon, tint }) => (
          <button
            key={id}
            type="button"
            onClick={onUse}
            className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 text-left shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-500/50"
          >
            <span className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${tint}`}>
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold">{t(`home.templates.${id}.title`)}</span>
              <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
                {t(`home.templates.${id}.description`)}
              </span>
            </span>
          </button>
        ))}
      </div>
    </section>
  );
}
