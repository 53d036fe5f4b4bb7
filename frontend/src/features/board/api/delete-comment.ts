import type { Undoable } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** DELETE /api/comments/{id}: the author only. */
export function deleteComment(commentId: string): Promise<Undoable<{ message: string; _id: string }>> {
  return api.delete(`/api/comments/${commentId}`);
}
