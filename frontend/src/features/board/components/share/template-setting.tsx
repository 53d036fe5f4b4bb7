import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { updateBoard } from '../../api/update-board';
import { useBoardStore } from '../../store';
import { sendRevised } from '../../../../lib/revision-conflict';

/**
 * The owner's "Use as template": a template board is offered in "Create board → From a template"
 * (docs/product.md, "Templates").
 */
export function TemplateSetting({ boardId }: { boardId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const isTemplate = useBoardStore((state) => !!state.board?.isTemplate);
  const [busy, setBusy] = useState(false);

  async function toggle(next: boolean) {
    setBusy(true);
    try {
      // Shown at once (a switch that waits for the server looks broken); taken back if refused.
      const revision = useBoardStore.getState().board?.revision ?? 1;
      const send = (r: number) => updateBoard(boardId, { isTemplate: next }, r);
      await useBoardStore.getState().run(() => sendRevised(send, revision), {
        apply: (board) => {
          board.isTemplate = next;
        },
      });
    } catch (error) {
      console.error('Failed to change the board', error);
      toast.error(t('board.share.template.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={isTemplate}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void toggle(event.target.checked)}
        className="mt-1 size-4 accent-indigo-600"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-100">
          {t('board.share.template.title')}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {t('board.share.template.description')}
        </p>
      </div>
    </div>
  );
}
