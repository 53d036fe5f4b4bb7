import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonStyles } from '../components/ui/button-styles';
import { Logo } from '../components/ui/logo';
import { useSession } from '../lib/session';

const linkClass = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/**
 * Any unknown path (docs/product.md, "Page not found"): home or login, Contact support, and for
 * users the main screens.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.session !== null);
  return (
    // Outside the app shell and the public frame: the page is its own main landmark.
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-slate-50 px-4 text-center text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <Logo />
      <p className="text-7xl font-bold tracking-tight text-indigo-600 dark:text-indigo-400">
        {t('notFound.code')}
      </p>
      <h1 className="text-2xl font-semibold">{t('notFound.title')}</h1>
      <p className="max-w-md text-balance text-slate-600 dark:text-slate-400">{t('notFound.description')}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to={signedIn ? '/' : '/login'} className={buttonStyles('primary')}>
          {signedIn ? t('notFound.home') : t('notFound.login')}
        </Link>
        <Link to="/contact-support" className={buttonStyles('secondary')}>
          {t('notFound.contactSupport')}
        </Link>
      </div>
      {signedIn && (
        <nav className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          <Link to="/projects" className={linkClass}>
            {t('notFound.projects')}
          </Link>
          <Link to="/settings" className={linkClass}>
            {t('notFound.settings')}
          </Link>
          <Link to="/activity" className={linkClass}>
            {t('notFound.activity')}
          </Link>
        </nav>
      )}
    </main>
  );
}
