import type { Comment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** POST /api/cards/{id}/comments {text} → 201 with the comment. */
export function createComment(cardId: string, text: string): Promise<Comment> {
  return api.post<Comment>(`/api/cards/${cardId}/comments`, { text });
}
