import {
  BOARD_EVENT_TYPES,
  createWebhookSchema,
  WEBHOOK_LIMITS,
  type BoardEventType,
  type CreatedWebhook,
} from '@papan/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../../components/ui/field-styles';
import { serverMessage, unprovenAddress } from '../../../../../lib/api-client';
import { createWebhook, webhooksKey } from '../../../api/webhooks';

/** Add a webhook: its address and either every event type or the chosen ones. */
export function WebhookForm({
  boardId,
  onCreated,
}: {
  boardId: string;
  onCreated: (hook: CreatedWebhook) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<BoardEventType[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function toggle(type: BoardEventType) {
    setEvents((chosen) => (chosen.includes(type) ? chosen.filter((e) => e !== type) : [...chosen, type]));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const input = { url: url.trim(), events: all ? [] : events };
    const parsed = createWebhookSchema.safeParse(input);
    if (!parsed.success || (!all && !events.length)) {
      setError(t('board.share.webhooks.invalid'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const created = await createWebhook(boardId, input);
      setUrl('');
      setEvents([]);
      setAll(true);
      onCreated(created);
      await queryClient.invalidateQueries({ queryKey: webhooksKey(boardId) });
    } catch (err) {
      setError(
        unprovenAddress(err)
          ? t('board.share.webhooks.addUnverified')
          : (serverMessage(err) ?? t('board.share.webhooks.addFailed')),
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-2" noValidate>
      <label htmlFor={id} className={labelClass}>
        {t('board.share.webhooks.url')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="url"
          maxLength={WEBHOOK_LIMITS.url}
          placeholder="https://example.com/hooks/papan"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          className={`h-10 min-w-0 flex-1 ${fieldClass}`}
        />
        <Button type="submit" disabled={saving} className="w-28 shrink-0">
          {saving ? t('board.share.sending') : t('board.share.webhooks.add')}
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        {t('board.share.webhooks.allEvents')}
      </label>
      {!all && (
        <fieldset className="grid max-h-36 grid-cols-1 gap-1 overflow-y-auto rounded-xl border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-800">
          <legend className="sr-only">{t('board.share.webhooks.events')}</legend>
          {BOARD_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-xs">
              <input type="checkbox" checked={events.includes(type)} onChange={() => toggle(type)} />
              {type}
            </label>
          ))}
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
