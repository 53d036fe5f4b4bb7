import { LIMITS, type Card as FullCard, type CompactCard as Card } from '@papan/shared';
import { AlignLeft, Pencil } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Markdown } from '../../../../components/ui/markdown/markdown';
import { MarkdownEditor } from '../../../../components/ui/markdown/markdown-editor';
import { toggleTask } from '../../../../components/ui/markdown/task-list';
import { updateCard } from '../../api/update-card';
import { useTextConflict } from '../../hooks/use-text-conflict';
import { useBoardStore } from '../../store';
import { EditConflictDialog } from './edit-conflict-dialog';
import { sectionHeadingClass } from './modal-styles';

/** The text an edit started from and the card's revision then (docs/api.md, "Revisions"). */
interface Base {
  text: string;
  revision: number;
}

/**
 * The description, rendered as Markdown (docs/product.md, "Card detail"): a click on its text (or
 * Edit) edits it; its task boxes tick and save at once. The edit is saved against the text and
 * revision it started from: when someone else changed the description meanwhile, the person
 * chooses (docs/product.md, "When two people edit the same text"); while editing, the other fields
 * of the card follow live changes and what is typed stays. A failed save is only logged
 * (docs/product.md, "Failures and messages").
 */
export function CardDescription({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [base, setBase] = useState<Base | null>(null);
  const [saving, setSaving] = useState(false);
  // A ticked box shows at once; the saved card replaces it.
  const [ticked, setTicked] = useState<{ from: string; to: string } | null>(null);
  const stored = card.description ?? '';
  const description = ticked?.from === card.description ? ticked.to : stored;
  const edit = useTextConflict<FullCard>({
    objectId: card._id,
    textOf: (current) => current.description,
    send: (text, revision) =>
      useBoardStore.getState().run(() => updateCard(card._id, { description: text }, revision)),
  });

  function begin(text = stored) {
    setBase({ text: stored, revision: card.revision });
    setDraft(text);
  }

  function close() {
    setDraft(null);
    setBase(null);
  }

  async function save(text: string, from: Base, after: () => void) {
    setSaving(true);
    try {
      if (await edit.save(text, from.text, from.revision)) after();
    } catch (error) {
      console.error('Failed to save the description', error);
    } finally {
      setSaving(false);
      setTicked(null);
    }
  }

  async function choose(choice: Parameters<typeof edit.choose>[0]) {
    try {
      if (await edit.choose(choice)) close();
    } catch (error) {
      console.error('Failed to save the description', error);
    }
  }

  function tick(offset: number) {
    const next = toggleTask(description, offset);
    if (next === null || saving) return;
    setTicked({ from: stored, to: next });
    // A tick that meets a changed text offers the same choice as an edit.
    void save(next, { text: stored, revision: card.revision }, () => {});
  }

  function editOnClick(event: MouseEvent) {
    // Links open and boxes tick; a click anywhere else on the text edits it.
    if ((event.target as Element).closest('a, input, button')) return;
    begin();
  }

  return (
    <section>
      <div className="flex items-center justify-between gap-2">
        <h3 className={sectionHeadingClass}>
          <AlignLeft aria-hidden="true" className="size-4" />
          {t('board.modal.description')}
        </h3>
        {draft === null && description && (
          <Button size="sm" variant="ghost" onClick={() => begin()}>
            <Pencil aria-hidden="true" className="size-3.5" />
            {t('board.modal.editDescription')}
          </Button>
        )}
      </div>
      {draft === null ? (
        description ? (
          // A mouse shortcut: the Edit button above is the keyboard's way in.
          <div
            onClick={editOnClick}
            className="mt-2 rounded-lg px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-800/60"
          >
            <Markdown source={description} onToggleTask={tick} />
          </div>
        ) : (
          <button
            type="button"
            onClick={() => begin('')}
            className="mt-2 block min-h-14 w-full rounded-lg bg-slate-100 px-3 py-2 text-left text-sm text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
          >
            {t('board.modal.descriptionPlaceholder')}
          </button>
        )
      ) : (
        <div className="mt-2 flex flex-col gap-2">
          <MarkdownEditor
            aria-label={t('board.modal.descriptionLabel')}
            autoFocus
            rows={6}
            maxLength={LIMITS.description}
            value={draft}
            onChange={setDraft}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              close();
            }}
          />
          {base && stored !== base.text && (
            <p role="status" className="text-xs text-amber-800 dark:text-amber-300">
              {t('board.conflict.changedMeanwhile')}
            </p>
          )}
          <div className="flex gap-2">
            <Button
              size="sm"
              onClick={() => void save(draft, base ?? { text: stored, revision: card.revision }, close)}
              loading={saving}
              disabled={saving}
            >
              {t('board.modal.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={close}>
              {t('board.modal.cancel')}
            </Button>
          </div>
        </div>
      )}
      {edit.conflict && (
        <EditConflictDialog
          conflict={edit.conflict}
          busy={edit.busy}
          onChoose={(choice) => void choose(choice)}
          onClose={edit.dismiss}
        />
      )}
    </section>
  );
}
