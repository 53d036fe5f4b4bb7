import type { UndoAnswer } from '@papan/shared';
import { sendChange } from './board-change';

/**
 * POST /api/undo/{token} (docs/api.md, "Undo"): the deleted thing comes back as the event the
 * server published.
 */
export function undoDelete(token: string) {
  return sendChange<UndoAnswer>('POST', `/api/undo/${encodeURIComponent(token)}`);
}
