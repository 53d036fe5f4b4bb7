import { LIMITS } from '@papan/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { fieldClass } from '../../../../components/ui/field-styles';
import { createChecklistItem } from '../../api/create-checklist-item';
import { useBoardStore } from '../../store';

/** 'Add an item': the text must not be empty after trimming (docs/product.md, "Validation"). */
export function AddItemForm({ checklistId }: { checklistId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    try {
      await useBoardStore.getState().run(() => createChecklistItem(checklistId, value));
      setText('');
    } catch (error) {
      console.error('Failed to add the checklist item', error);
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <Button size="sm" variant="ghost" className="mt-1" onClick={() => setOpen(true)}>
        {t('board.checklist.addItem')}
      </Button>
    );
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-col gap-2">
      <input
        aria-label={t('board.checklist.itemLabel')}
        placeholder={t('board.checklist.itemPlaceholder')}
        autoFocus
        maxLength={LIMITS.title}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          setOpen(false);
        }}
        className={`h-9 ${fieldClass}`}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={busy}>
          {t('board.checklist.add')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t('board.modal.cancel')}
        </Button>
      </div>
    </form>
  );
}
