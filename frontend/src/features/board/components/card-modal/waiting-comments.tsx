import type { Comment } from '@papan/shared';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QueuedChange } from '../../../../lib/outbox/outbox-db';
import { useOutbox } from '../../../../lib/outbox/outbox';

/** Clocks of the browser and the server may differ by this much. */
const CLOCK_SKEW_MS = 60_000;

/**
 * The card's comments still in the outbox, newest first, marked as waiting (docs/product.md,
 * "Offline"). One whose comment is already listed (its event can come before the answer to its
 * send) is not shown twice.
 */
export function WaitingComments({ cardId, posted }: { cardId: string; posted: readonly Comment[] }) {
  const { t } = useTranslation();
  const changes = useOutbox((state) => state.changes);
  // Offline, nothing is on its way: a listed comment with the same words is an older one.
  const sending = useOutbox((state) => state.online);
  const waiting = changes
    .filter(
      (change) =>
        change.kind === 'comment.create' &&
        (change.args as { cardId?: string }).cardId === cardId &&
        !(sending && posted.some((comment) => isPostOf(comment, change))),
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

/** Whether a listed comment is what this waiting change posted: same author and text, made after it was queued. */
function isPostOf(comment: Comment, change: QueuedChange): boolean {
  return (
    comment.userId._id === change.userId &&
    comment.text === (change.args as { text: string }).text &&
    Date.parse(comment.createdAt) >= Date.parse(change.queuedAt) - CLOCK_SKEW_MS
  );
}
