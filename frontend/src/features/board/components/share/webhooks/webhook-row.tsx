import type { Webhook } from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Badge } from '../../../../../components/ui/badge';
import { Button } from '../../../../../components/ui/button';
import { deleteWebhook, deliveriesKey, testWebhook, updateWebhook, webhooksKey } from '../../../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

/** One webhook: its address and events, on/off, Send test, its deliveries and Delete. */
export function WebhookRow({ boardId, hook }: { boardId: string; hook: Webhook }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [testing, setTesting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey(boardId) });

  async function setActive(active: boolean) {
    try {
      await updateWebhook(boardId, hook._id, { active });
      await refresh();
    } catch (error) {
      console.error('Failed to change the webhook', error);
      toast.error(t('board.share.webhooks.updateFailed'));
    }
  }

  async function remove() {
    try {
      await deleteWebhook(boardId, hook._id);
      await refresh();
    } catch (error) {
      console.error('Failed to delete the webhook', error);
      toast.error(t('board.share.webhooks.deleteFailed'));
    }
  }

  async function sendTest() {
    setTesting(true);
    try {
      const attempt = await testWebhook(boardId, hook._id);
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      if (ok) toast.success(t('board.share.webhooks.testDelivered', { status: attempt.statusCode }));
      else toast.error(t('board.share.webhooks.testFailed', { error: attempt.error ?? attempt.statusCode }));
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(boardId, hook._id) });
    } catch (error) {
      console.error('Failed to send the test', error);
      toast.error(t('board.share.webhooks.testFailed', { error: '' }));
    } finally {
      setTesting(false);
    }
  }

  return (
    <li className="flex flex-col gap-2 px-3 py-2">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono text-xs" title={hook.url}>
          {hook.url}
        </p>
        {!hook.active && <Badge tone="amber">{t('board.share.webhooks.off')}</Badge>}
        <label className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            checked={hook.active}
            onChange={(e) => void setActive(e.target.checked)}
            aria-label={t('board.share.webhooks.activeFor', { url: hook.url })}
          />
          {t('board.share.webhooks.active')}
        </label>
        <button
          type="button"
          onClick={() => void remove()}
          aria-label={t('board.share.webhooks.delete', { url: hook.url })}
          className="inline-flex size-7 items-center justify-center rounded-md text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-red-500/10"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {hook.events.length ? hook.events.join(', ') : t('board.share.webhooks.allEvents')}
        {hook.failures > 0 && ` · ${t('board.share.webhooks.failures', { count: hook.failures })}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={testing} onClick={() => void sendTest()}>
          {testing ? t('board.share.sending') : t('board.share.webhooks.test')}
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('board.share.webhooks.hideDeliveries') : t('board.share.webhooks.deliveries')}
        </Button>
      </div>
      {open && <WebhookDeliveries boardId={boardId} webhookId={hook._id} />}
    </li>
  );
}
