import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../components/language-switch';
import { ThemeToggle } from '../../components/theme-toggle';
import { buttonStyles } from '../../components/ui/button-styles';
import { Logo } from '../../components/ui/logo';
import { FullPageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { AppShell } from '../pages';

/** Public screens (Contact Support): inside the app shell for users, under a simple header for visitors. */
export function PublicFrame() {
  const { t } = useTranslation();
  const signedIn = useSession((state) => state.session !== null);
  if (signedIn) return <AppShell />;
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-900/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link to="/" className="rounded-lg">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <div className="hidden sm:block">
              <LanguageSwitch />
            </div>
            <ThemeToggle />
            <Link to="/login" className={buttonStyles('ghost', 'sm')}>
              {t('landing.nav.login')}
            </Link>
          </div>
        </div>
      </header>
      <main className="px-4 py-12 sm:px-6 lg:px-8">
        <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
