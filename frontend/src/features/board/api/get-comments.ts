import type { Comment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/**
 * GET /api/cards/{id}/comments (docs/api.md, "Comments"): newest first; a null answer is read as an
 * empty list.
 */
export async function getComments(cardId: string, signal?: AbortSignal): Promise<Comment[]> {
  return (await api.get<Comment[] | null>(`/api/cards/${cardId}/comments`, { signal })) ?? [];
}
