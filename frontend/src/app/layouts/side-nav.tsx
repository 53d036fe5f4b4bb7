import { Archive, Activity, FolderKanban, House, PanelLeftClose, PanelLeftOpen, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';

/** The user side navigation, in this order (docs/product.md, "Navigation and the top bar"). */
const ITEMS = [
  { to: '/', key: 'home', Icon: House, end: true },
  { to: '/projects', key: 'projects', Icon: FolderKanban, end: false },
  { to: '/activity', key: 'activity', Icon: Activity, end: false },
  { to: '/archived', key: 'archived', Icon: Archive, end: false },
] as const;

interface SideNavProps {
  collapsed: boolean;
  onToggle: () => void;
  onCreate: () => void;
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';

/**
 * Narrow (w-20, icons) or wide (w-64, icons and names); small screens always get the narrow one.
 * In the narrow form every name stays available to screen readers and as a tooltip.
 */
export function SideNav({ collapsed, onToggle, onCreate }: SideNavProps) {
  const { t } = useTranslation();
  const wide = !collapsed;
  const label = wide ? 'sr-only md:not-sr-only md:truncate' : 'sr-only';
  const row = wide ? 'justify-center md:justify-start' : 'justify-center';
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors ${row} ${focusRing} ${
      isActive
        ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white'
    }`;

  return (
    <aside
      data-collapsed={collapsed}
      className={`sticky top-0 z-20 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200 dark:border-slate-800 dark:bg-slate-900 ${
        wide ? 'w-20 md:w-64' : 'w-20'
      }`}
    >
      <div className={`flex h-16 items-center px-6 ${row}`}>
        <Link to="/" className={`rounded-lg ${focusRing}`}>
          <Logo nameClassName={label} />
        </Link>
      </div>
      <div className="px-3 pt-2 pb-4">
        <button
          type="button"
          onClick={onCreate}
          title={t('app.nav.create')}
          className={`flex h-11 w-full items-center gap-2 rounded-xl bg-indigo-600 px-3 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-indigo-500 ${row} ${focusRing}`}
        >
          <Plus aria-hidden="true" className="size-5 shrink-0" />
          <span className={label}>{t('app.nav.create')}</span>
        </button>
      </div>
      <nav aria-label={t('app.nav.label')} className="flex-1 overflow-y-auto px-3">
        <ul className="flex flex-col gap-1">
          {ITEMS.map(({ to, key, Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className={linkClass} title={t(`app.nav.${key}`)}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className={label}>{t(`app.nav.${key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="hidden border-t border-slate-200 p-3 md:block dark:border-slate-800">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={wide}
          aria-label={wide ? t('app.nav.collapse') : t('app.nav.expand')}
          title={wide ? t('app.nav.collapse') : t('app.nav.expand')}
          className={`flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white ${row} ${focusRing}`}
        >
          {wide ? (
            <PanelLeftClose aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <PanelLeftOpen aria-hidden="true" className="size-5 shrink-0" />
          )}
          <span aria-hidden="true" className={label}>
            {t('app.nav.collapse')}
          </span>
        </button>
      </div>
    </aside>
  );
}
