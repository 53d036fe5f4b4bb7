import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';
import { TwoFactorSection } from './two-factor-section';

/**
 * Security tab: change password (local accounts only: docs/product.md, "Validation"), two-factor
 * sign-in and login sessions.
 */
export function SecurityTab() {
  const { t } = useTranslation();
  const provider = useSession((state) => state.session?.provider);
  const isLocal = provider === 'local';
  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t('settings.security.password.title')}
        description={t('settings.security.password.description')}
      >
        {isLocal ? (
          <ChangePasswordForm />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t(
              provider === 'oidc'
                ? 'settings.security.password.ssoOnly'
                : 'settings.security.password.googleOnly',
            )}
          </p>
        )}
      </Panel>
      <Panel title={t('settings.twoFactor.title')} description={t('settings.twoFactor.description')}>
        <TwoFactorSection />
      </Panel>
      <Panel
        title={t('settings.security.sessions.title')}
        description={t('settings.security.sessions.description')}
      >
        <SessionsList />
      </Panel>
    </div>
  );
}
