import type { Comment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/comments/{id} {text}: the author only, against the comment's revision (`If-Match`). */
export function updateComment(commentId: string, text: string, revision: number): Promise<Comment> {
  return api.put<Comment>(`/api/comments/${commentId}`, { text }, { ifMatch: revision });
}
