import type { CompactCard, Label } from '@papan/shared';
import { Tag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../../../components/ui/popover';
import { useBoardStore } from '../../store';
import { LabelChip } from '../label-chip';
import { LabelCreateForm } from './label-create-form';
import { sideButtonClass, sideHeadingClass } from './modal-styles';

const NO_LABELS: Label[] = [];

/** ADD TO CARD → Labels: the board's labels to put on or take off the card, and a new label. */
export function LabelPicker({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  const labels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  const boardId = useBoardStore((state) => state.boardId);
  const onCard = new Set(card.labels);

  // Put on or taken off at once; the change waits in the outbox while the connection is away, and
  // goes back if the server refuses it. Label failures are only logged (docs/product.md, "Failures
  // and messages").
  async function toggle(label: Label) {
    const on = !onCard.has(label._id);
    try {
      await useBoardStore
        .getState()
        .queue({ kind: 'card.label', args: { cardId: card._id, labelId: label._id, on } }, card.title);
    } catch (error) {
      console.error('Failed to change the card labels', error);
    }
  }

  return (
    <Popover
      label={t('board.labels.title')}
      triggerClassName={sideButtonClass}
      align="right"
      trigger={
        <>
          <Tag aria-hidden="true" className="size-4" />
          {t('board.labels.button')}
        </>
      }
    >
      {() => (
        <div className="flex flex-col gap-3">
          <h4 className={sideHeadingClass}>{t('board.labels.title')}</h4>
          <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
            {labels.map((label) => (
              <li key={label._id}>
                <label className="flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 hover:bg-slate-50 dark:hover:bg-slate-800">
                  <input
                    type="checkbox"
                    checked={onCard.has(label._id)}
                    onChange={() => void toggle(label)}
                    className="size-4 accent-indigo-600"
                  />
                  <span className="min-w-0 flex-1">
                    <LabelChip label={label} size="md" />
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {boardId && <LabelCreateForm boardId={boardId} labels={labels} />}
        </div>
      )}
    </Popover>
  );
}
