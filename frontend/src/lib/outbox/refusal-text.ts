import type { TFunction } from 'i18next';
import { ApiError, serverMessage } from '../api-client';
import type { QueuedChange } from './outbox-db';

/**
 * What the person reads when the server refuses a waiting change (docs/product.md, "Offline"): the
 * change named, and the server's reason, e.g. 'Could not move "Card X": Card not found'.
 */
export function refusalText(
  t: TFunction,
  change: Pick<QueuedChange, 'kind' | 'name'> & { args?: unknown },
  error: unknown,
): string {
  const reason = serverMessage(error) ?? (error instanceof ApiError ? error.message : String(error));
  const values = { name: change.name, reason };
  // Renamed by someone else meanwhile: the title typed is in the message, so it is not lost.
  if (change.kind === 'list.rename' && error instanceof ApiError && error.status === 412)
    return t('outbox.refused.renameConflict', { ...values, title: typedTitle(change) });
  switch (change.kind) {
    case 'card.move':
      return t('outbox.refused.move', values);
    case 'list.rename':
      return t('outbox.refused.rename', values);
    case 'comment.create':
      return t('outbox.refused.comment', values);
    default:
      return t('outbox.refused.other', values);
  }
}

function typedTitle(change: { args?: unknown }): string {
  const title = (change.args as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : '';
}
