import type { Lane } from '@papan/shared';
import { ArrowDown, ArrowUp, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Menu, type MenuItem } from '../../../../components/ui/menu';
import { deleteLane } from '../../api/delete-lane';
import { updateLane } from '../../api/update-lane';
import { useBoardStore } from '../../store';
import { LaneTitleDialog } from './lane-title-dialog';

const iconClass = 'size-4 shrink-0';

/**
 * A lane's actions (any board member; docs/lanes.md): rename, move up or down among the lanes,
 * delete (its cards go to the default lane).
 */
export function LaneMenu({ lane, index, count }: { lane: Lane; index: number; count: number }) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const { run } = useBoardStore.getState();

  async function moveTo(position: number) {
    try {
      await run(() => updateLane(lane._id, { position }));
    } catch (error) {
      console.error('Failed to move the lane', error);
      toast.error(t('board.lanes.moveFailed'));
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await run(() => deleteLane(lane._id));
    } catch (error) {
      console.error('Failed to delete the lane', error);
      toast.error(t('board.lanes.deleteFailed'));
      setBusy(false);
      setDialog(null);
    }
  }

  const items: MenuItem[] = [
    {
      label: t('board.lanes.rename'),
      icon: <Pencil aria-hidden="true" className={iconClass} />,
      onSelect: () => setDialog('rename'),
    },
  ];
  if (index > 0)
    items.push({
      label: t('board.lanes.moveUp'),
      icon: <ArrowUp aria-hidden="true" className={iconClass} />,
      onSelect: () => void moveTo(index - 1),
    });
  if (index < count - 1)
    items.push({
      label: t('board.lanes.moveDown'),
      icon: <ArrowDown aria-hidden="true" className={iconClass} />,
      onSelect: () => void moveTo(index + 1),
    });
  items.push({
    label: t('board.lanes.delete'),
    icon: <Trash2 aria-hidden="true" className={iconClass} />,
    tone: 'danger',
    onSelect: () => setDialog('delete'),
  });

  return (
    <>
      <Menu
        label={t('board.lanes.menu', { title: lane.title })}
        trigger={<MoreHorizontal aria-hidden="true" className="size-4" />}
        triggerClassName="inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        align="left"
        items={items}
      />
      {dialog === 'rename' && <LaneTitleDialog lane={lane} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('board.lanes.deleteConfirm.title')}
          message={t('board.lanes.deleteConfirm.message', { title: lane.title })}
          confirmLabel={t('board.lanes.deleteConfirm.confirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
