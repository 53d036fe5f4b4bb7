import type { Card } from '@papan/shared';
import { ChecklistView } from './checklist-view';

/** Every checklist of the card, each with its items and progress. */
export function CardChecklists({ card }: { card: Card }) {
  if (card.checklists.length === 0) return null;
  return (
    <div className="flex flex-col gap-6">
      {card.checklists.map((checklist) => (
        <ChecklistView key={checklist._id} cardId={card._id} checklist={checklist} />
      ))}
    </div>
  );
}
