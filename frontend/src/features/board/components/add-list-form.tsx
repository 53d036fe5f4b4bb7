import { LIMITS } from '@papan/shared';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { fieldClass } from '../../../components/ui/field-styles';
import { createList } from '../api/create-list';
import { useBoardStore } from '../store';
import { LIST_WIDTH } from './list-width';

/** 'Add another list' at the end of the board; the title is trimmed and an empty one ignored. */
export function AddListForm({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      await useBoardStore.getState().run(() => createList(boardId, value));
      // Keep whatever was typed meanwhile: only clear the title that was just sent.
      setTitle((current) => (current.trim() === value ? '' : current));
    } catch (error) {
      console.error('Failed to create the list', error);
      toast.error(t('board.addList.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`flex ${LIST_WIDTH} shrink-0 items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white/50 px-4 py-3 text-sm font-medium text-slate-600 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700 dark:bg-slate-900/40 dark:text-slate-300 dark:hover:text-indigo-300`}
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('board.addList.button')}
      </button>
    );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className={`flex ${LIST_WIDTH} shrink-0 flex-col gap-2 rounded-2xl border border-slate-200 bg-slate-100 p-2 dark:border-slate-800 dark:bg-slate-900`}
    >
      <input
        aria-label={t('board.addList.label')}
        placeholder={t('board.addList.placeholder')}
        autoFocus
        maxLength={LIMITS.title}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className={`h-10 ${fieldClass}`}
      />
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {t('board.addList.submit')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
