import type { Checklist, ChecklistItem } from '@papan/shared';
import { SquareCheckBig, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { deleteChecklist } from '../../api/delete-checklist';
import { deleteChecklistItem } from '../../api/delete-checklist-item';
import { checklistPercent } from '../../model/checklist-progress';
import { useBoardStore } from '../../store';
import { offerUndo } from '../undo-toast';
import { AddItemForm } from './add-item-form';
import { sectionHeadingClass } from './modal-styles';

/** A checklist: title, progress % (rounded; 0 without items), items to tick or delete, and a new item. */
export function ChecklistView({ cardId, checklist }: { cardId: string; checklist: Checklist }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const percent = checklistPercent(checklist.items);

  // Checklist and item failures are only logged (docs/product.md, "Failures and messages").
  async function toggle(item: ChecklistItem) {
    // The box follows the click at once; the tick waits in the outbox while the connection is away
    // and goes back if the server refuses it.
    const isCompleted = !item.isCompleted;
    const args = { cardId, checklistId: checklist._id, itemId: item._id, isCompleted };
    try {
      await useBoardStore.getState().queue({ kind: 'checklistItem.tick', args }, item.text);
    } catch (error) {
      console.error('Failed to update the checklist item', error);
    }
  }

  async function removeItem(item: ChecklistItem) {
    try {
      await useBoardStore.getState().run(() => deleteChecklistItem(checklist._id, item._id));
    } catch (error) {
      console.error('Failed to delete the checklist item', error);
    }
  }

  async function remove() {
    setConfirming(false);
    try {
      const { undoToken } = await useBoardStore.getState().run(() => deleteChecklist(checklist._id));
      offerUndo(undoToken);
    } catch (error) {
      console.error('Failed to delete the checklist', error);
    }
  }

  return (
    <section aria-label={checklist.title}>
      <div className="flex items-center gap-2">
        <h3 className={`${sectionHeadingClass} min-w-0 flex-1`}>
          <SquareCheckBig aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{checklist.title}</span>
        </h3>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          {t('board.checklist.delete')}
        </Button>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <span className="w-10 text-right text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('board.checklist.progress', { percent })}
        </span>
        <div
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('board.checklist.progressLabel', { percent, title: checklist.title })}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div
            className={`h-full rounded-full transition-all ${percent === 100 ? 'bg-emerald-500' : 'bg-indigo-500'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <ul className="mt-2 flex flex-col">
        {checklist.items.map((item) => (
          <li
            key={item._id}
            className="group flex items-center gap-3 rounded-lg px-1 py-1.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
          >
            <input
              id={`item-${item._id}`}
              type="checkbox"
              checked={item.isCompleted}
              onChange={() => void toggle(item)}
              className="size-4 shrink-0 accent-indigo-600"
            />
            <label
              htmlFor={`item-${item._id}`}
              className={`min-w-0 flex-1 text-sm break-words ${item.isCompleted ? 'text-slate-400 line-through' : ''}`}
            >
              {item.text}
            </label>
            <button
              type="button"
              onClick={() => void removeItem(item)}
              aria-label={t('board.checklist.deleteItem', { text: item.text })}
              className="inline-flex size-6 items-center justify-center rounded-md text-slate-400 opacity-0 group-hover:opacity-100 hover:bg-slate-200 hover:text-slate-700 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <AddItemForm checklistId={checklist._id} />
      {confirming && (
        <ConfirmDialog
          title={t('board.checklist.deleteConfirm.title')}
          message={t('board.checklist.deleteConfirm.message', { title: checklist.title })}
          confirmLabel={t('board.checklist.delete')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
