import { api } from '../../../lib/api-client';

/** DELETE /api/comments/{id}: the author only. */
export function deleteComment(commentId: string): Promise<{ _id: string }> {
  return api.delete(`/api/comments/${commentId}`);
}
