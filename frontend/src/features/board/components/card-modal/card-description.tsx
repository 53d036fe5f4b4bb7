import { LIMITS, type CompactCard as Card } from '@papan/shared';
import { AlignLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/field-styles';
import { updateCard } from '../../api/update-card';
import { useBoardStore } from '../../store';
import { sectionHeadingClass } from './modal-styles';

/** The description: a click edits it; Save and Cancel (a failed save is only logged, SPEC §8). */
export function CardDescription({ card }: { card: Card }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function save() {
    if (draft === null) return;
    setSaving(true);
    try {
      await useBoardStore.getState().run(() => updateCard(card._id, { description: draft }));
      setDraft(null);
    } catch (error) {
      console.error('Failed to save the description', error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section>
      <h3 className={sectionHeadingClass}>
        <AlignLeft aria-hidden="true" className="size-4" />
        {t('board.modal.description')}
      </h3>
      {draft === null ? (
        <button
          type="button"
          onClick={() => setDraft(card.description ?? '')}
          className={`mt-2 block min-h-14 w-full rounded-lg px-3 py-2 text-left text-sm whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-indigo-500 ${card.description ? 'text-slate-700 hover:bg-slate-50 dark:text-slate-200 dark:hover:bg-slate-800/60' : 'bg-slate-100 text-slate-600 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700'}`}
        >
          {card.description || t('board.modal.descriptionPlaceholder')}
        </button>
      ) : (
        <div className="mt-2 flex flex-col gap-2">
          <textarea
            aria-label={t('board.modal.descriptionLabel')}
            autoFocus
            rows={5}
            maxLength={LIMITS.description}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              event.stopPropagation();
              setDraft(null);
            }}
            className={`resize-y py-2 ${fieldClass}`}
          />
          <div className="flex gap-2">
            <Button size="sm" onClick={() => void save()} loading={saving} disabled={saving}>
              {t('board.modal.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
              {t('board.modal.cancel')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
