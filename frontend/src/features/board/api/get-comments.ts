import type { Comment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/cards/{id}/comments: newest first; SPEC §7: a null answer is an empty list. */
export async function getComments(cardId: string, signal?: AbortSignal): Promise<Comment[]> {
  return (await api.get<Comment[] | null>(`/api/cards/${cardId}/comments`, { signal })) ?? [];
}
