import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';

const linkClass = 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white';

export function LandingFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <Logo />
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('landing.footer.tagline')}</p>
        </div>
        {/* The privacy and terms pages do not exist yet (docs/product.md, "Landing page"). */}
        <nav aria-label={t('landing.footer.links')} className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <a href="#privacy" className={linkClass}>
            {t('landing.footer.privacy')}
          </a>
          <a href="#terms" className={linkClass}>
            {t('landing.footer.terms')}
          </a>
          <Link to="/contact-support" className={linkClass}>
            {t('landing.footer.support')}
          </Link>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-6 text-center text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
        {t('landing.footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
