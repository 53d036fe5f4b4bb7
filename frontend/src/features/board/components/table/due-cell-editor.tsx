import type { CompactCard } from '@papan/shared';
import { useRef, useState } from 'react';
import { fieldClass } from '../../../../components/ui/field-styles';
import { fromLocalInput, toLocalInput } from '../../model/due-status';
import { changeDue } from '../card-modal/card-due-change';

/** A card's due date and time edited in its table cell: Enter or leaving saves (empty removes it), Escape cancels. */
export function DueCellEditor({
  card,
  label,
  onDone,
}: {
  card: CompactCard;
  label: string;
  onDone: () => void;
}) {
  const initial = toLocalInput(card.dueAt);
  const [value, setValue] = useState(initial);
  const finished = useRef(false);

  function finish(keep: boolean) {
    if (finished.current) return;
    finished.current = true;
    onDone();
    if (!keep || value === initial) return;
    const dueAt = fromLocalInput(value);
    if (dueAt) void changeDue(card, { dueAt });
    else if (!value) void changeDue(card, { dueAt: null, dueComplete: false });
  }

  return (
    <input
      type="datetime-local"
      aria-label={label}
      value={value}
      autoFocus
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(event.key === 'Enter');
        }
      }}
      onBlur={() => finish(true)}
      className={`h-8 w-full ${fieldClass}`}
    />
  );
}
