import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CompactCard as Card, CompactList as List } from '@papan/shared';
import { memo } from 'react';
import { countCards } from '../model/wip';
import { AddCardForm } from './add-card-form';
import { ListHeader } from './list-header';
import { SortableCards } from './sortable-cards';
import { LIST_WIDTH } from './list-width';

interface BoardListProps {
  list: List;
  /** The list's cards, in the order shown (during a drag, the order being dragged into). */
  cards: Card[];
  onOpenCard: (cardId: string) => void;
  /**
   * The board filter's predicate, when one is on: the others stay mounted, hidden (docs/product.md,
   * "Board screen").
   */
  shown?: ((card: Card) => boolean) | null;
}

/** A column of width 80 units (docs/product.md, "Board screen"): header, sortable cards, add-card form. */
export const BoardList = memo(function BoardList({ list, cards, onOpenCard, shown }: BoardListProps) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } =
    useSortable({ id: list._id, data: { type: 'list' } });
  return (
    <section
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      aria-label={list.title}
      data-list-id={list._id}
      className={`flex max-h-full ${LIST_WIDTH} shrink-0 flex-col rounded-2xl border border-slate-200 bg-slate-100/90 dark:border-slate-800 dark:bg-slate-900/90 ${isDragging ? 'opacity-40' : ''}`}
    >
      <ListHeader
        list={list}
        count={countCards(cards, shown)}
        total={countCards(cards)}
        handleRef={setActivatorNodeRef}
        handleProps={attributes}
        dragListeners={listeners}
      />
      <SortableCards
        id={list._id}
        listId={list._id}
        cards={cards}
        onOpenCard={onOpenCard}
        shown={shown}
        className="flex min-h-3 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-1"
      />
      <AddCardForm listId={list._id} />
    </section>
  );
});
