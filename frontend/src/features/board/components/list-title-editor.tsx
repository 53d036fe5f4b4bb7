import { LIMITS, type CompactList as List } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../lib/outbox/refusal-text';
import { toast } from 'react-toastify';
import { useTitleEdit } from '../hooks/use-title-edit';
import { useBoardStore } from '../store';

/**
 * The list's title; a click edits it (docs/product.md, "Board screen"). Enter or leaving saves,
 * Escape cancels; empty or unchanged is ignored. The rename goes through the outbox, so it waits for
 * the connection when there is none.
 */
export function ListTitleEditor({ list }: { list: List }) {
  const { t } = useTranslation();
  const { editing, value, setValue, start, finish } = useTitleEdit(list.title, async (title) => {
    const args = { listId: list._id, title, before: list.title, revision: list.revision };
    const change = { kind: 'list.rename', args } as const;
    try {
      await useBoardStore.getState().queue(change, list.title);
    } catch (error) {
      console.error('Failed to rename the list', error);
      toast.error(refusalText(t, { kind: change.kind, name: list.title, args }, error));
    }
  });

  if (!editing)
    return (
      <h2 className="min-w-0 flex-1 text-sm font-semibold text-slate-800 dark:text-slate-100">
        <button
          type="button"
          onClick={start}
          onPointerDown={(event) => event.stopPropagation()}
          title={t('board.list.rename', { title: list.title })}
          className="block w-full truncate rounded-md px-1 text-left hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
        >
          {list.title}
        </button>
      </h2>
    );
  return (
    <input
      aria-label={t('board.list.titleLabel')}
      autoFocus
      maxLength={LIMITS.title}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void finish(true)}
      // Keys and presses here edit the title; they must not pick the list up (its header drags).
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          void finish(true);
        } else if (event.key === 'Escape') {
          void finish(false);
        }
      }}
      className="min-w-0 flex-1 rounded-md border border-indigo-400 bg-white px-1 text-sm font-semibold focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:bg-slate-950"
    />
  );
}
