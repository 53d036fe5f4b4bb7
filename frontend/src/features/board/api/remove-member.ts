import type { RemoveMemberResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/boards/{id}/members/{userId}: the owner removes a member. */
export function removeMember(boardId: string, userId: string): Promise<RemoveMemberResult> {
  return api.delete<RemoveMemberResult>(`/api/boards/${boardId}/members/${userId}`);
}
