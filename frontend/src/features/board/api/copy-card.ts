import type { Card } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/cards/{id}/copy → 201 with the copy, placed right after the original. */
export function copyCard(cardId: string) {
  return sendChange<Card>('POST', `/api/cards/${cardId}/copy`);
}
