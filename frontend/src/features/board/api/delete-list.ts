import { api } from '../../../lib/api-client';

/** DELETE /api/lists/{id}: the list goes, its cards with it. */
export function deleteList(listId: string): Promise<{ message: string; _id: string }> {
  return api.delete(`/api/lists/${listId}`);
}
