import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from './change-password-form';
import { SessionsList } from './sessions-list';

/** Security tab: change password (local accounts only: docs/product.md, "Validation") and login sessions. */
export function SecurityTab() {
  const { t } = useTranslation();
  const isLocal = useSession((state) => state.session?.provider === 'local');
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
            {t('settings.security.password.googleOnly')}
          </p>
        )}
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
