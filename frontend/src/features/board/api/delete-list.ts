import { sendChange } from './board-change';

/** DELETE /api/lists/{id}: the list goes, its cards with it. */
export function deleteList(listId: string) {
  return sendChange<{ message: string; _id: string }>('DELETE', `/api/lists/${listId}`, undefined, () => ({
    type: 'list.deleted',
    payload: { _id: listId },
  }));
}
