import type { Undoable } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/lists/{id}: the list goes, its cards with it. */
export function deleteList(listId: string) {
  return sendChange<Undoable<{ message: string; _id: string }>>('DELETE', `/api/lists/${listId}`);
}
