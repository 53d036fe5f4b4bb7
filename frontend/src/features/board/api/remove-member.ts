import type { RemoveMemberResult } from '@papan/shared';
import { sendChange } from './board-change';

/** DELETE /api/boards/{id}/members/{userId}: the owner removes a member. */
export function removeMember(boardId: string, userId: string) {
  return sendChange<RemoveMemberResult>('DELETE', `/api/boards/${boardId}/members/${userId}`);
}
