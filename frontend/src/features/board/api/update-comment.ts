import type { Comment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/comments/{id} {text}: the author only. */
export function updateComment(commentId: string, text: string): Promise<Comment> {
  return api.put<Comment>(`/api/comments/${commentId}`, { text });
}
