import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { startOutbox, useOutbox } from '../lib/outbox/outbox';
import { refusalText } from '../lib/outbox/refusal-text';
import { useSession } from '../lib/session';

/**
 * The top bar's word on the connection (docs/product.md, "Offline"): "Offline — N changes waiting"
 * while changes wait for it, "Syncing…" while they are sent, nothing when all is sent. It also keeps
 * the signed-in person's outbox going, and says which waiting change the server refused.
 */
export function OutboxStatus() {
  const { t } = useTranslation();
  const userId = useSession((state) => state.session?._id);
  const waiting = useOutbox((state) => state.changes.length);
  const online = useOutbox((state) => state.online);
  const syncing = useOutbox((state) => state.syncing);

  useEffect(() => {
    if (!userId) return;
    return startOutbox((change, error) => toast.error(refusalText(t, change, error)));
  }, [userId, t]);

  const text = !online
    ? waiting === 0
      ? t('outbox.offline')
      : waiting === 1
        ? t('outbox.waitingOne')
        : t('outbox.waiting', { count: waiting })
    : syncing || waiting > 0
      ? t('outbox.syncing')
      : '';
  const Icon = online ? RefreshCw : CloudOff;
  return (
    <span role="status" data-outbox-status className="min-w-0">
      {text && (
        <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          <Icon
            aria-hidden="true"
            className={`size-3.5 shrink-0 ${online ? 'motion-safe:animate-spin' : ''}`}
          />
          <span className="truncate">{text}</span>
        </span>
      )}
    </span>
  );
}
