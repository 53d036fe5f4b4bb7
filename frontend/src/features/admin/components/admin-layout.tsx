import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/language-switch';
import { ThemeToggle } from '../../../components/theme-toggle';
import { FullPageSpinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { AdminSideNav } from './admin-side-nav';

/**
 * The frame of every /admin screen: the admin side navigation, a small top bar, the banner the
 * route table hands in (the announcement: docs/architecture.md, no imports between features), the
 * screen.
 */
export function AdminLayout({ banner }: { banner?: ReactNode }) {
  const { t } = useTranslation();
  const name = useSession((state) => state.session?.name);
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('app.skipToContent')}
      </a>
      <AdminSideNav />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-900/85">
          <div className="flex h-16 items-center justify-end gap-3 px-4 sm:px-6 lg:px-8">
            <div className="hidden sm:block">
              <LanguageSwitch />
            </div>
            <ThemeToggle />
            {name && <span className="hidden max-w-48 truncate text-sm font-medium sm:block">{name}</span>}
          </div>
        </header>
        {banner}
        <main id="main" className="w-full flex-1 px-4 py-8 sm:px-6 lg:px-8">
          <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
