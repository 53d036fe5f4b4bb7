import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/spinner';
import { AnnouncementBanner } from '../../features/announcement/components/announcement-banner';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { useBoardListsLive } from '../../features/boards/hooks/use-board-lists-live';
import { useCreateBoardDialog } from '../../features/boards/hooks/use-create-board-dialog';
import { storage } from '../../lib/storage';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

/** Remembers whether the side navigation is narrow, across visits. */
const COLLAPSED_KEY = 'sideNavCollapsed';

/**
 * The frame of every signed-in screen: side navigation, top bar, the administrator's announcement,
 * the unverified-address banner, the screen.
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(() => storage.get(COLLAPSED_KEY) === 'true');
  const { openCreateBoard, createBoardDialog } = useCreateBoardDialog();
  useBoardListsLive();

  function toggle() {
    storage.set(COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  }

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('app.skipToContent')}
      </a>
      <SideNav collapsed={collapsed} onToggle={toggle} onCreate={openCreateBoard} />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <AnnouncementBanner />
        <VerifyEmailBanner />
        <main id="main" className="w-full flex-1 px-4 py-8 sm:px-6 lg:px-8">
          <Suspense fallback={<FullPageSpinner label={t('common.loading')} />}>
            {children ?? <Outlet />}
          </Suspense>
        </main>
      </div>
      {createBoardDialog}
    </div>
  );
}
