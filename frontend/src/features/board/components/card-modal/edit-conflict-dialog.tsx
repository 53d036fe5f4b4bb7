import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import type { ConflictChoice, TextConflict } from '../../hooks/use-text-conflict';

interface EditConflictDialogProps {
  conflict: TextConflict;
  onChoose: (choice: ConflictChoice) => void;
  /** Closing without a choice keeps the editor open with the person's text. */
  onClose: () => void;
  busy?: boolean;
}

const textClass =
  'mt-1 max-h-48 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';
const headingClass = 'text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300';

/**
 * "{name} changed this while you were editing" (docs/product.md, "When two people edit the same
 * text"): the person's text, the other text and the merged proposal side by side, and the choice —
 * keep mine, take theirs, use the merge, or edit the merge.
 */
export function EditConflictDialog({ conflict, onChoose, onClose, busy = false }: EditConflictDialogProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  const name = conflict.by ?? t('board.conflict.someone');
  return (
    <Dialog title={t('board.conflict.title', { name })} onClose={onClose} size="xl">
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 md:grid-cols-2">
          <section aria-labelledby={`${id}-mine`}>
            <h3 id={`${id}-mine`} className={headingClass}>
              {t('board.conflict.yours')}
            </h3>
            <div className={textClass} data-testid="conflict-mine">
              {conflict.mine}
            </div>
          </section>
          <section aria-labelledby={`${id}-theirs`}>
            <h3 id={`${id}-theirs`} className={headingClass}>
              {t('board.conflict.theirs', { name })}
            </h3>
            <div className={textClass} data-testid="conflict-theirs">
              {conflict.theirs}
            </div>
          </section>
        </div>
        <section aria-labelledby={`${id}-merged`}>
          <h3 id={`${id}-merged`} className={headingClass}>
            {t('board.conflict.merged')}
          </h3>
          {!conflict.clean && (
            <p role="status" className="mt-1 text-sm text-amber-800 dark:text-amber-300">
              {t('board.conflict.partial')}
            </p>
          )}
          {editing === null ? (
            <div className={textClass} data-testid="conflict-merged">
              {conflict.merged}
            </div>
          ) : (
            <textarea
              aria-labelledby={`${id}-merged`}
              autoFocus
              rows={6}
              value={editing}
              onChange={(event) => setEditing(event.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
            />
          )}
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          {editing === null ? (
            <>
              <Button variant="secondary" disabled={busy} onClick={() => onChoose({ kind: 'theirs' })}>
                {t('board.conflict.takeTheirs')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => onChoose({ kind: 'mine' })}>
                {t('board.conflict.keepMine')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => setEditing(conflict.merged)}>
                {t('board.conflict.editMerge')}
              </Button>
              <Button disabled={busy} loading={busy} onClick={() => onChoose({ kind: 'merge' })}>
                {t('board.conflict.useMerge')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" disabled={busy} onClick={() => setEditing(null)}>
                {t('board.modal.cancel')}
              </Button>
              <Button
                disabled={busy}
                loading={busy}
                onClick={() => onChoose({ kind: 'edit', text: editing })}
              >
                {t('board.conflict.saveMerge')}
              </Button>
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}
