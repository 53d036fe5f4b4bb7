import { findCard } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { InlineSpinner } from '../../../../components/ui/spinner';
import { useBoardStore } from '../../store';
import { ChecklistView } from './checklist-view';

/** Every checklist of the open card, each with its items and progress. */
export function CardChecklists({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  const open = useBoardStore((state) => (state.openCard?.cardId === cardId ? state.openCard : null));
  const count = useBoardStore((state) =>
    state.board ? (findCard(state.board, cardId)?.card.checklists.length ?? 0) : 0,
  );
  if (!open?.checklists) return count > 0 ? <InlineSpinner label={t('board.checklist.loading')} /> : null;
  if (open.checklists.length === 0) return null;
  return (
    <div className="flex flex-col gap-6">
      {open.checklists.map((checklist) => (
        <ChecklistView key={checklist._id} cardId={cardId} checklist={checklist} />
      ))}
    </div>
  );
}
