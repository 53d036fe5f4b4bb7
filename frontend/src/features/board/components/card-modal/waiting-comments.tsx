import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../../../../lib/outbox/outbox';

/** The card's comments still in the outbox, newest first, marked as waiting (docs/product.md, "Offline"). */
export function WaitingComments({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const changes = useOutbox((state) => state.changes);
  const waiting = changes
    .filter(
      (change) => change.kind === 'comment.create' && (change.args as { cardId?: string }).cardId === cardId,
    )
    .reverse();
  return waiting.map((change) => (
    <li
      key={change.key}
      data-waiting-comment
      className="rounded-md border border-dashed border-slate-300 p-3 dark:border-slate-700"
    >
      <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
        <Clock aria-hidden="true" className="size-3.5" />
        {t('outbox.pending')}
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800 dark:text-slate-100">
        {(change.args as { text: string }).text}
      </p>
    </li>
  ));
}
