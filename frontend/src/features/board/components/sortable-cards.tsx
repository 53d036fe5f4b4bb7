import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { CompactCard as Card } from '@papan/shared';
import { SortableCard } from './sortable-card';

interface SortableCardsProps {
  /** The sortable container's id: the list's, or a lane cell's (docs/lanes.md). */
  id: string;
  listId: string;
  cards: Card[];
  onOpenCard: (cardId: string) => void;
  /** The board filter's predicate, when one is on: the others stay mounted, hidden. */
  shown?: ((card: Card) => boolean) | null;
  className: string;
}

/** A column's cards in order, each draggable: a list's, or one list's cards in one lane. */
export function SortableCards({ id, listId, cards, onOpenCard, shown, className }: SortableCardsProps) {
  return (
    <SortableContext id={id} items={cards.map((card) => card._id)} strategy={verticalListSortingStrategy}>
      <ol className={className}>
        {cards.map((card) => (
          <SortableCard
            key={card._id}
            card={card}
            listId={listId}
            onOpen={onOpenCard}
            hidden={shown ? !shown(card) : false}
          />
        ))}
      </ol>
    </SortableContext>
  );
}
