import { api } from '../../../lib/api-client';

/** DELETE /api/boards/{id}/permanent: the board, its lists and cards are gone. */
export function deleteBoard(boardId: string): Promise<{ message: string; _id: string }> {
  return api.delete(`/api/boards/${encodeURIComponent(boardId)}/permanent`);
}
