import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Panel } from '../../../components/ui/panel';
import { useSession } from '../../../lib/session';
import { deleteAccount } from '../api/delete-account';

/**
 * Delete Account behind a confirm dialog; afterwards the user is logged out on `/`
 * (docs/product.md, "States and transitions").
 */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useSession((state) => state.logout);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function handleDelete() {
    setDeleting(true);
    try {
      await deleteAccount();
      toast.success(t('settings.privacy.delete.success'));
      // Leave the guarded page first (synchronously), so its guard does not send us to /login.
      await navigate('/', { replace: true, flushSync: true });
      logout();
    } catch (err) {
      console.error('Failed to delete account', err);
      toast.error(t('settings.privacy.delete.failed'));
      setDeleting(false);
      setConfirming(false);
    }
  }

  return (
    <Panel
      tone="danger"
      title={t('settings.privacy.delete.title')}
      description={t('settings.privacy.delete.description')}
    >
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {t('settings.privacy.delete.button')}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('settings.privacy.delete.confirmTitle')}
          message={t('settings.privacy.delete.confirmMessage')}
          confirmLabel={t('settings.privacy.delete.button')}
          busy={deleting}
          onConfirm={() => void handleDelete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </Panel>
  );
}
