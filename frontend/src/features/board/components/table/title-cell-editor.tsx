import { LIMITS, type Card as FullCard, type CompactCard } from '@papan/shared';
import { useRef, useState } from 'react';
import { fieldClass } from '../../../../components/ui/field-styles';
import { updateCard } from '../../api/update-card';
import { useTextConflict } from '../../hooks/use-text-conflict';
import { useBoardStore } from '../../store';
import { EditConflictDialog } from '../card-modal/edit-conflict-dialog';

/**
 * A card's title edited in its table cell: the card detail's way (against the title and revision it
 * started from; renamed by someone else meanwhile, the person chooses in the same dialog).
 */
export function TitleCellEditor({
  card,
  label,
  onDone,
}: {
  card: CompactCard;
  label: string;
  onDone: () => void;
}) {
  const base = useRef({ text: card.title, revision: card.revision });
  const [value, setValue] = useState(card.title);
  const finished = useRef(false);
  const edit = useTextConflict<FullCard>({
    objectId: card._id,
    textOf: (current) => current.title,
    send: (title, revision) =>
      useBoardStore.getState().run(() => updateCard(card._id, { title: title.trim() }, revision)),
  });

  async function finish(keep: boolean) {
    if (finished.current) return;
    finished.current = true;
    const title = value.trim();
    if (!keep || !title || title === base.current.text) return onDone();
    try {
      if (await edit.save(title, base.current.text, base.current.revision)) onDone();
    } catch (error) {
      console.error('Failed to rename the card', error);
      onDone();
    }
  }

  if (edit.conflict)
    return (
      <EditConflictDialog
        conflict={edit.conflict}
        busy={edit.busy}
        onChoose={(choice) =>
          void edit
            .choose(choice)
            .then((done) => done && onDone())
            .catch((error: unknown) => console.error('Failed to rename the card', error))
        }
        onClose={() => {
          edit.dismiss();
          onDone();
        }}
      />
    );
  return (
    <input
      aria-label={label}
      value={value}
      maxLength={LIMITS.title}
      autoFocus
      onChange={(event) => setValue(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          void finish(event.key === 'Enter');
        }
      }}
      onBlur={() => void finish(true)}
      className={`h-8 w-full ${fieldClass}`}
    />
  );
}
