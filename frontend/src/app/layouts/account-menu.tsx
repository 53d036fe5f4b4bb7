import { SOURCE_CODE_URL } from '@papan/shared';
import { ChevronDown, Code, LifeBuoy, LogOut, Mail, Settings, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import { Menu } from '../../components/ui/menu';
import { useSession } from '../../lib/session';
import { signOut } from '../../lib/sign-out';

const icon = 'size-4 shrink-0 text-slate-500 dark:text-slate-400';

/**
 * The account menu (docs/product.md, "Navigation and the top bar"): settings, help, what's new,
 * support, the source code and Log out.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession((state) => state.session);
  if (!session) return null;

  async function handleLogout() {
    // Leave the guarded page first, so its guard does not send us to /login instead of /. flushSync:
    // a transition would keep the guarded page on screen while the next one loads.
    await navigate('/', { replace: true, flushSync: true });
    signOut();
  }

  return (
    <Menu
      label={t('app.account.menu')}
      // The trigger shows the name (from lg up), so its accessible name says it too (WCAG 2.5.3).
      nameFromTrigger
      triggerClassName="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
      trigger={
        <>
          <Avatar name={session.name} src={session.profilePictureUrl || session.avatarUrl} />
          <span className="sr-only">{t('app.account.menu')}</span>
          <span className="hidden max-w-40 truncate lg:block">{session.name}</span>
          <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
        </>
      }
      header={
        <div className="flex items-center gap-3">
          <Avatar name={session.name} src={session.profilePictureUrl || session.avatarUrl} size="md" />
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold">{session.name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{session.email}</p>
          </div>
        </div>
      }
      items={[
        {
          label: t('app.account.settings'),
          to: '/profile',
          icon: <Settings aria-hidden="true" className={icon} />,
        },
        { label: t('app.account.help'), to: '/help', icon: <LifeBuoy aria-hidden="true" className={icon} /> },
        {
          label: t('app.account.whatsNew'),
          to: '/whats-new',
          icon: <Sparkles aria-hidden="true" className={icon} />,
        },
        {
          label: t('app.account.contactSupport'),
          to: '/contact-support',
          icon: <Mail aria-hidden="true" className={icon} />,
        },
        {
          label: t('app.account.sourceCode'),
          href: SOURCE_CODE_URL,
          icon: <Code aria-hidden="true" className={icon} />,
        },
        {
          label: t('common.logOut'),
          onSelect: () => void handleLogout(),
          icon: <LogOut aria-hidden="true" className="size-4 shrink-0" />,
          tone: 'danger',
        },
      ]}
    />
  );
}
