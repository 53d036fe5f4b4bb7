import type { Attachment } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/cards/{id}/attachments: the card's files, oldest first. */
export async function getCardAttachments(cardId: string, signal?: AbortSignal): Promise<Attachment[]> {
  return (
    (await api.get<Attachment[] | null>(`/api/cards/${encodeURIComponent(cardId)}/attachments`, {
      signal,
    })) ?? []
  );
}
