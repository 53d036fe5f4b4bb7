import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { BlockedUsersList } from './blocked-users-list';
import { DeleteAccountSection } from './delete-account-section';

/** Privacy tab: blocked users and deleting the account (docs/product.md, "Settings"). */
export function PrivacyTab() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <Panel
        title={t('settings.privacy.blocked.title')}
        description={t('settings.privacy.blocked.description')}
      >
        <BlockedUsersList />
      </Panel>
      <DeleteAccountSection />
    </div>
  );
}
