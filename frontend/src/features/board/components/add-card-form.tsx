import { LIMITS } from '@papan/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/field-styles';
import { createCard, createCardFromTemplate } from '../api/create-card';
import { useBoardStore } from '../store';
import { showRefusal } from './refusal-toast';
import { TemplatePicker } from './template-picker';

/**
 * The title is trimmed; an empty one is ignored without a call (docs/product.md, "Validation"). The
 * form stays open. In a lane's cell the new card then joins that lane (docs/lanes.md). "From a
 * template" adds a card made of one of the board's template cards (docs/product.md, "Templates").
 */
export function AddCardForm({ listId, laneId = null }: { listId: string; laneId?: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const value = title.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      const { run } = useBoardStore.getState();
      // One added in a lane's cell is created in that lane.
      await run(() => createCard(listId, value, laneId));
      // Keep whatever was typed meanwhile: only clear the title that was just sent.
      setTitle((current) => (current.trim() === value ? '' : current));
    } catch (error) {
      console.error('Failed to create the card', error);
      if (!showRefusal(t, error, listId)) toast.error(t('board.addCard.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function addFromTemplate(templateId: string) {
    if (busy) return;
    setBusy(true);
    try {
      await useBoardStore.getState().run(() => createCardFromTemplate(listId, templateId, laneId));
    } catch (error) {
      console.error('Failed to create the card from a template', error);
      if (!showRefusal(t, error, listId)) toast.error(t('board.addCard.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button
        type="button"
        data-shortcut="add-card"
        onClick={() => setOpen(true)}
        className="m-2 mt-1 flex items-center gap-2 rounded-lg px-2 py-2 text-left text-sm font-medium text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-slate-100"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('board.addCard.button')}
      </button>
    );

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 p-2 pt-1">
      <textarea
        aria-label={t('board.addCard.label')}
        placeholder={t('board.addCard.placeholder')}
        autoFocus
        rows={3}
        maxLength={LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void submit();
          } else if (event.key === 'Escape') {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className={`resize-none py-2 ${fieldClass}`}
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {t('board.addCard.submit')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
      <TemplatePicker busy={busy} onPick={(templateId) => void addFromTemplate(templateId)} />
    </form>
  );
}
