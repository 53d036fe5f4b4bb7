import { useTranslation } from 'react-i18next';

/**
 * The marketing figures (docs/product.md, "Landing page"): 10K+ users, 50K+ projects, 99.9% uptime,
 * 24/7 support.
 */
const STATS = ['users', 'projects', 'uptime', 'support'] as const;

export function StatsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="landing-stats" className="bg-indigo-600 dark:bg-indigo-950">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="landing-stats" className="sr-only">
          {t('landing.stats.title')}
        </h2>
        <dl className="grid grid-cols-2 gap-8 text-center md:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat} className="flex flex-col-reverse gap-1">
              <dt className="text-sm font-medium text-indigo-100 dark:text-indigo-300">
                {t(`landing.stats.${stat}.label`)}
              </dt>
              <dd className="text-4xl font-bold tracking-tight text-white">
                {t(`landing.stats.${stat}.value`)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
