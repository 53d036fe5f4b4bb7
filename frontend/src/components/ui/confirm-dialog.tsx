import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  title: string;
  message?: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: 'danger' | 'primary';
}

/** "Are you sure?" with the action named on its button; Cancel has the focus first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} description={message} onClose={onCancel} size="sm">
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
