import type { Lane, UpdateLaneInput } from '@papan/shared';
import { sendChange } from './board-change';

/** PUT /api/lanes/{id} {title?, position?}: `position` is the lane's new 0-based index (docs/lanes.md). */
export function updateLane(laneId: string, changes: UpdateLaneInput) {
  return sendChange<Lane>('PUT', `/api/lanes/${laneId}`, changes);
}
