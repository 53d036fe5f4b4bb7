import type { CardHistoryEntry } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/cards/{id}/history (docs/api.md, "Insights"): each list the card has been in, in order. */
export async function getCardHistory(cardId: string, signal?: AbortSignal): Promise<CardHistoryEntry[]> {
  const answer = await api.get<{ history: CardHistoryEntry[] } | null>(
    `/api/cards/${encodeURIComponent(cardId)}/history`,
    { signal },
  );
  return answer?.history ?? [];
}
