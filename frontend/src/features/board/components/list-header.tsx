import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { CompactList as List } from '@papan/shared';
import { Gauge, GripVertical, MoreHorizontal, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Menu } from '../../../components/ui/menu';
import { deleteList } from '../api/delete-list';
import { useBoardStore } from '../store';
import { wipOf } from '../model/wip';
import { ListTitleEditor } from './list-title-editor';
import { offerUndo } from './undo-toast';
import { WipCount } from './wip-count';
import { WipLimitDialog } from './wip-limit-dialog';

interface ListHeaderProps {
  list: List;
  /** The cards shown (the filter's matches while it is on). */
  count: number;
  /** The list's open cards in every lane: what its WIP limit counts (docs/lanes.md). */
  total: number;
  handleRef: (element: HTMLElement | null) => void;
  handleProps: DraggableAttributes;
  dragListeners: DraggableSyntheticListeners;
}

/**
 * The list's title, card count (`count/limit` under a WIP limit) and menu; the header is where a
 * list is dragged from.
 */
export function ListHeader({ list, count, total, handleRef, handleProps, dragListeners }: ListHeaderProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [settingLimit, setSettingLimit] = useState(false);
  const wip = wipOf(list, total);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      const { undoToken } = await useBoardStore.getState().run(() => deleteList(list._id));
      setConfirming(false);
      offerUndo(undoToken);
    } catch (error) {
      console.error('Failed to delete the list', error);
      toast.error(t('board.list.deleteFailed'));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <header className="flex items-center gap-1 px-2 pt-2 pb-2" {...dragListeners}>
        <button
          ref={handleRef}
          {...handleProps}
          type="button"
          aria-label={t('board.list.move', { title: list.title })}
          className="inline-flex size-7 shrink-0 cursor-grab items-center justify-center rounded-md text-slate-400 hover:bg-slate-200 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
        <ListTitleEditor list={list} />
        {wip ? (
          <WipCount wip={wip} />
        ) : (
          <span
            className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300"
            aria-label={count === 1 ? t('board.list.cardCountOne') : t('board.list.cardCount', { count })}
            title={count === 1 ? t('board.list.cardCountOne') : t('board.list.cardCount', { count })}
          >
            {count}
          </span>
        )}
        <Menu
          label={t('board.list.menu', { title: list.title })}
          trigger={<MoreHorizontal aria-hidden="true" className="size-4" />}
          triggerClassName="inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          items={[
            {
              label: t('board.wip.menu'),
              icon: <Gauge aria-hidden="true" className="size-4 shrink-0" />,
              onSelect: () => setSettingLimit(true),
            },
            {
              label: t('board.list.delete'),
              icon: <Trash2 aria-hidden="true" className="size-4 shrink-0" />,
              tone: 'danger',
              onSelect: () => setConfirming(true),
            },
          ]}
        />
      </header>
      {/* Outside the header: presses inside the dialog must not reach the list's drag listeners. */}
      {settingLimit && <WipLimitDialog list={list} onClose={() => setSettingLimit(false)} />}
      {confirming && (
        <ConfirmDialog
          title={t('board.list.deleteConfirm.title')}
          message={t('board.list.deleteConfirm.message', { title: list.title })}
          confirmLabel={t('board.list.deleteConfirm.confirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
