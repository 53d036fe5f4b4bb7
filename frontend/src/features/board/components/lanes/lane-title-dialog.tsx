import { LIMITS } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { createLane } from '../../api/create-lane';
import { updateLane } from '../../api/update-lane';
import { useBoardStore } from '../../store';

type LaneTitleDialogProps = { onClose: () => void } & (
  { boardId: string; lane?: undefined } | { lane: { _id: string; title: string }; boardId?: undefined }
);

/**
 * A new lane's title (it goes last), or a lane's new title (docs/lanes.md). The title is trimmed;
 * an empty one is not sent.
 */
export function LaneTitleDialog({ boardId, lane, onClose }: LaneTitleDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(lane?.title ?? '');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = title.trim();
    if (!value || busy) return;
    if (lane && value === lane.title) return onClose();
    setBusy(true);
    try {
      const { run } = useBoardStore.getState();
      if (lane) await run(() => updateLane(lane._id, { title: value }));
      else await run(() => createLane(boardId!, value));
      onClose();
    } catch (error) {
      console.error('Failed to save the lane', error);
      toast.error(t(lane ? 'board.lanes.renameFailed' : 'board.lanes.addFailed'));
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(lane ? 'board.lanes.renameTitle' : 'board.lanes.addTitle')} onClose={onClose} size="sm">
      <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('board.lanes.titleLabel')}
          value={title}
          maxLength={LIMITS.title}
          autoFocus
          required
          onChange={(event) => setTitle(event.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!title.trim()}>
            {t(lane ? 'board.lanes.save' : 'board.lanes.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
