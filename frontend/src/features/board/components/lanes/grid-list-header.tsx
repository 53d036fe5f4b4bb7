import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CompactList as List } from '@papan/shared';
import { memo } from 'react';
import { ListHeader } from '../list-header';
import { LIST_WIDTH } from '../list-width';

/**
 * A list's header above its column of cells, on a board with lanes (docs/lanes.md): the list is
 * dragged along the board from here, and its count covers every lane.
 */
export const GridListHeader = memo(function GridListHeader({
  list,
  count,
  total,
}: {
  list: List;
  count: number;
  total: number;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: list._id, data: { type: 'list' } });
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-list-header={list._id}
      className={`${LIST_WIDTH} shrink-0 rounded-2xl border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-900 ${isDragging ? 'opacity-40' : ''}`}
    >
      <ListHeader
        list={list}
        count={count}
        total={total}
        handleRef={setActivatorNodeRef}
        handleProps={attributes}
        dragListeners={listeners}
      />
    </div>
  );
});
