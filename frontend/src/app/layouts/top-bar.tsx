import { LanguageSwitch } from '../../components/language-switch';
import { OutboxStatus } from '../../components/outbox-status';
import { ThemeToggle } from '../../components/theme-toggle';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchBox } from '../../features/search/components/search-box';
import { AccountMenu } from './account-menu';

/** The bar above every signed-in screen: the connection's state, card search, language, theme, notifications and the account menu. */
export function TopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-900/85">
      <div className="flex h-16 items-center justify-end gap-2 px-4 sm:px-6 lg:px-8">
        <OutboxStatus />
        <SearchBox />
        <div className="hidden sm:block">
          <LanguageSwitch />
        </div>
        <ThemeToggle />
        <NotificationBell />
        <AccountMenu />
      </div>
    </header>
  );
}
