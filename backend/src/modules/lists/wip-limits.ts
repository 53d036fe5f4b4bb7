import type { BoardEventBody } from '@papan/shared';
import type { ListRow } from './lists.repository';

/** Whether the list has a soft WIP limit: the only kind a change may pass (docs/lanes.md). */
export const hasSoftLimit = (list: ListRow): boolean => list.wipMode === 'soft' && list.wipLimit !== null;

/** Whether `count` open cards are over the list's soft limit. */
export const overSoftLimit = (list: ListRow, count: number): boolean =>
  hasSoftLimit(list) && count > list.wipLimit!;

/**
 * The `list.wipExceeded` a change records when it took the list from at or under its soft limit
 * to over it (docs/lanes.md, "Soft limits"): `count` is the list's open cards after the change,
 * `before` before it. Once per crossing: a change that finds the list already over records none.
 */
export function wipExceeded(list: ListRow, before: number, count: number): BoardEventBody[] {
  if (!overSoftLimit(list, count) || overSoftLimit(list, before)) return [];
  return [{ type: 'list.wipExceeded', payload: { listId: list.id, count, limit: list.wipLimit! } }];
}
