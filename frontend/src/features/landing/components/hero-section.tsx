import { ArrowRight, Play, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { buttonStyles } from '../../../components/ui/button-styles';
import { BoardPreview } from './board-preview';

export function HeroSection() {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-40 -z-0 mx-auto h-96 max-w-4xl rounded-full bg-gradient-to-r from-indigo-400/30 via-sky-400/20 to-violet-400/30 blur-3xl dark:from-indigo-600/25 dark:via-sky-600/10 dark:to-violet-600/25"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-200">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('landing.hero.badge')}
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600 dark:text-slate-300">
            {t('landing.hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonStyles('primary', 'lg')}>
              {t('landing.hero.getStarted')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
            {/* Watch Demo has no behaviour yet (docs/product.md, "Landing page"). */}
            <Button variant="secondary" size="lg">
              <Play aria-hidden="true" className="size-5" />
              {t('landing.hero.watchDemo')}
            </Button>
          </div>
        </div>
        <BoardPreview label={t('landing.hero.previewLabel')} />
      </div>
    </section>
  );
}
