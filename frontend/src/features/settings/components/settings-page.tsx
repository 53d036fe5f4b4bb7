import { Accessibility, KeyRound, Lock, Shield, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { buttonStyles } from '../../../components/ui/button-styles';
import { PageHeader } from '../../../components/ui/page-header';
import { useSession } from '../../../lib/session';
import { AccessibilityTab } from './accessibility-tab';
import { ApiTokensTab } from './api-tokens-tab';
import { PrivacyTab } from './privacy-tab';
import { ProfileTab } from './profile-tab';
import { SecurityTab } from './security-tab';

const TABS = [
  { id: 'profile', Icon: UserRound, Content: ProfileTab },
  { id: 'security', Icon: Lock, Content: SecurityTab },
  { id: 'privacy', Icon: Shield, Content: PrivacyTab },
  { id: 'accessibility', Icon: Accessibility, Content: AccessibilityTab },
  { id: 'tokens', Icon: KeyRound, Content: ApiTokensTab },
] as const;

const tabClass = (isActive: boolean) =>
  'flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
  (isActive
    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white');

/**
 * /profile and /settings/{tab} (docs/product.md, "Route table"): profile is the default, an unknown
 * tab goes there.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { tab = 'profile' } = useParams();
  const session = useSession((state) => state.session);

  if (!session) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <p className="text-slate-600 dark:text-slate-400">{t('settings.loginRequired')}</p>
        <Link to="/login" className={buttonStyles()}>
          {t('settings.login')}
        </Link>
      </div>
    );
  }
  const current = TABS.find(({ id }) => id === tab);
  if (!current) return <Navigate to="/settings/profile" replace />;
  const { Content } = current;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="flex flex-col gap-6 lg:flex-row lg:items-start">
        <nav aria-label={t('settings.tabsLabel')} className="lg:w-56 lg:shrink-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {TABS.map(({ id, Icon }) => (
              <li key={id}>
                {/* /profile shows the profile tab too, so the current tab comes from the page, not the URL. */}
                <Link
                  to={`/settings/${id}`}
                  className={tabClass(id === current.id)}
                  aria-current={id === current.id ? 'page' : undefined}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`settings.tabs.${id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Content />
        </div>
      </div>
    </div>
  );
}
