import type { List } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/boards/{id}/lists {title} → 201 with the list, placed last. */
export function createList(boardId: string, title: string): Promise<List> {
  return api.post<List>(`/api/boards/${boardId}/lists`, { title });
}
