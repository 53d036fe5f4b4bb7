import type { CompactCard } from '@papan/shared';
import { toast } from 'react-toastify';
import i18n from '../../../../lib/i18n';
import type { FieldChanges } from '../../model/queued-changes';
import { useBoardStore } from '../../store';

export type { FieldChanges } from '../../model/queued-changes';

/**
 * Sets (or clears) custom field values on a card, from the card detail or the table: shown at once,
 * waiting in the outbox while the connection is away, sent with `PUT /api/cards/{id} {fields}` —
 * values are set, not written, so without `If-Match` — and taken back with a message when the
 * server refuses it.
 */
export async function changeFields(card: CompactCard, changes: FieldChanges): Promise<boolean> {
  const before: FieldChanges = Object.fromEntries(
    Object.keys(changes).map((fieldId) => [fieldId, card.fields?.[fieldId] ?? null]),
  );
  try {
    const args = { cardId: card._id, changes, before };
    await useBoardStore.getState().queue({ kind: 'card.fields', args }, card.title);
    return true;
  } catch (error) {
    console.error('Failed to change the card fields', error);
    toast.error(i18n.t('board.fields.failed'));
    return false;
  }
}
