import type { Checklist } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/cards/{id}/checklists: the card's checklists with their items (the compact board has totals). */
export async function getCardChecklists(cardId: string): Promise<Checklist[]> {
  return (await api.get<Checklist[] | null>(`/api/cards/${encodeURIComponent(cardId)}/checklists`)) ?? [];
}
