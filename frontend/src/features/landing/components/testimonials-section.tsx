import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';

/** Three sample testimonials (docs/product.md, "Landing page"). */
const TESTIMONIALS = ['first', 'second', 'third'] as const;

export function TestimonialsSection() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-20 sm:px-6 lg:px-8">
      <h2 className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
        {t('landing.testimonials.title')}
      </h2>
      <div className="mt-14 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <figure
            key={item}
            className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 dark:border-slate-800 dark:bg-slate-900"
          >
            <Quote aria-hidden="true" className="size-8 text-indigo-500" />
            <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700 dark:text-slate-300">
              {t(`landing.testimonials.${item}.quote`)}
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <Avatar name={t(`landing.testimonials.${item}.name`)} size="md" />
              <span>
                <span className="block font-semibold">{t(`landing.testimonials.${item}.name`)}</span>
                <span className="block text-sm text-slate-500 dark:text-slate-400">
                  {t(`landing.testimonials.${item}.role`)}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
