import type { BoardEventsPage } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/boards/{id}/events?after= (docs/api.md): the changes since a version; 410 when gone. */
export function getBoardEvents(boardId: string, after: number): Promise<BoardEventsPage> {
  return api.get<BoardEventsPage>(`/api/boards/${boardId}/events?after=${after}&limit=1000`);
}
