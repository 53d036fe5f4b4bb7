import type { CreatedWebhook } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getWebhooks, webhooksKey } from '../../../api/webhooks';
import { WebhookForm } from './webhook-form';
import { WebhookRow } from './webhook-row';
import { WebhookSecret } from './webhook-secret';

/** The owner's 'Webhooks' section of the share panel (docs/api.md, "Webhooks"). */
export function WebhooksSection({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const { data, error, isLoading } = useQuery({
    queryKey: webhooksKey(boardId),
    queryFn: ({ signal }) => getWebhooks(boardId, signal),
  });
  const hooks = data?.webhooks ?? [];
  const note = 'px-3 py-2 text-sm text-slate-500 dark:text-slate-400';

  return (
    <section className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold">{t('board.share.webhooks.title')}</h3>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('board.share.webhooks.intro')}</p>
      </div>
      <WebhookForm boardId={boardId} onCreated={setCreated} />
      {created && <WebhookSecret secret={created.secret} onDone={() => setCreated(null)} />}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {isLoading ? (
          <li className={note}>{t('board.share.webhooks.loading')}</li>
        ) : error ? (
          <li className={note}>{t('board.share.webhooks.loadError')}</li>
        ) : !hooks.length ? (
          <li className={note}>{t('board.share.webhooks.empty')}</li>
        ) : (
          hooks.map((hook) => <WebhookRow key={hook._id} boardId={boardId} hook={hook} />)
        )}
      </ul>
    </section>
  );
}
