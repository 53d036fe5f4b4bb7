import { api } from '../../../lib/api-client';

/** One board: DELETE /api/admin/boards/{id}; several: one all-or-nothing DELETE with {boardIds}. */
export async function deleteAdminBoards(boardIds: string[]): Promise<void> {
  if (boardIds.length === 1) await api.delete(`/api/admin/boards/${encodeURIComponent(boardIds[0])}`);
  else await api.delete('/api/admin/boards', { boardIds });
}
