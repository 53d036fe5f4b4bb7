import { sendChange } from './board-change';

/** DELETE /api/lanes/{id} → {message, _id}; its cards go to the default lane (docs/lanes.md). */
export function deleteLane(laneId: string) {
  return sendChange<{ message: string; _id: string }>('DELETE', `/api/lanes/${laneId}`);
}
