import type { List, UpdateListInput } from '@papan/shared';
import { sendChange } from './board-change';

/** PUT /api/lists/{id} {title?, stage?, wipLimit?, wipMode?} against its revision → the list (docs/lanes.md). */
export function updateList(listId: string, changes: UpdateListInput, revision: number) {
  return sendChange<List>('PUT', `/api/lists/${listId}`, changes, revision);
}
