import type { Lane } from '@papan/shared';
import { sendChange } from './board-change';

/** POST /api/boards/{id}/lanes {title} → 201 with the lane, placed last (docs/lanes.md). */
export function createLane(boardId: string, title: string) {
  return sendChange<Lane>('POST', `/api/boards/${boardId}/lanes`, { title });
}
