import {
  KeyRound,
  LayoutDashboard,
  LogOut,
  ScrollText,
  Settings,
  ShieldCheck,
  SquareKanban,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { signOut } from '../../../lib/sign-out';

/** The admin side navigation, in this order, then Logout (docs/product.md, "Navigation and the top bar"). */
const ITEMS = [
  { to: '/admin', key: 'dashboard', Icon: LayoutDashboard, end: true },
  { to: '/admin/boards', key: 'boards', Icon: SquareKanban, end: false },
  { to: '/admin/permissions', key: 'permissions', Icon: ShieldCheck, end: false },
  { to: '/admin/tokens', key: 'tokens', Icon: KeyRound, end: false },
  { to: '/admin/audit', key: 'audit', Icon: ScrollText, end: false },
  { to: '/admin/settings', key: 'settings', Icon: Settings, end: false },
] as const;

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const row = `flex min-h-11 w-full items-center justify-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors md:justify-start ${focusRing}`;
const idle =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';
// Names wrap rather than cut: 'Global Management Board' is a little wider than the column.
const label = 'sr-only md:not-sr-only md:leading-snug';

/** Wide (w-64) on larger screens, icons only (w-20) on small ones; names stay for screen readers. */
export function AdminSideNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function handleLogout() {
    // Signed out first (`/` sends a signed-in ADMIN back to /admin), and both changes render together
    // (flushSync), so the admin guard never sees a visitor on /admin and sends them to /login.
    signOut();
    void navigate('/', { replace: true, flushSync: true });
  }

  return (
    <aside className="sticky top-0 z-20 flex h-screen w-20 shrink-0 flex-col border-r border-slate-200 bg-white md:w-64 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex h-16 items-center justify-center gap-2 px-6 md:justify-start">
        <Logo nameClassName={label} />
      </div>
      <p className="hidden px-6 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase md:block dark:text-slate-400">
        {t('admin.nav.title')}
      </p>
      <nav aria-label={t('admin.nav.label')} className="flex-1 overflow-y-auto px-3">
        <ul className="flex flex-col gap-1">
          {ITEMS.map(({ to, key, Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                title={t(`admin.nav.${key}`)}
                className={({ isActive }) =>
                  `${row} ${
                    isActive
                      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                      : idle
                  }`
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className={label}>{t(`admin.nav.${key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <button
          type="button"
          onClick={handleLogout}
          title={t('admin.nav.logout')}
          className={`${row} ${idle}`}
        >
          <LogOut aria-hidden="true" className="size-5 shrink-0" />
          <span className={label}>{t('admin.nav.logout')}</span>
        </button>
      </div>
    </aside>
  );
}
