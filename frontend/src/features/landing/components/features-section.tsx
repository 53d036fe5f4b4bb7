import { ChartColumn, MousePointer2, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The three things the product does (docs/product.md, "Landing page"). */
const FEATURES = [
  {
    id: 'dragDrop',
    Icon: MousePointer2,
    tint: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  },
  {
    id: 'realtime',
    Icon: Users,
    tint: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300',
  },
  {
    id: 'productivity',
    Icon: ChartColumn,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('landing.features.title')}</h2>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{t('landing.features.subtitle')}</p>
      </div>
      <ul className="mt-14 grid gap-6 md:grid-cols-3">
        {FEATURES.map(({ id, Icon, tint }) => (
          <li
            key={id}
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
          >
            <span className={`inline-flex size-12 items-center justify-center rounded-xl ${tint}`}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{t(`landing.features.${id}.title`)}</h3>
            <p className="mt-2 leading-relaxed text-slate-600 dark:text-slate-400">
              {t(`landing.features.${id}.description`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
