import type { List } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/boards/{id}/lists {title} → 201 with the list, placed last. */
export function createList(boardId: string, title: string) {
  return sendChange<List>('POST', `/api/boards/${boardId}/lists`, { title });
}
