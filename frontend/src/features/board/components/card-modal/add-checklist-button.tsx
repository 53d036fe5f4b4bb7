import { LIMITS } from '@papan/shared';
import { SquareCheckBig } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { Popover } from '../../../../components/ui/popover';
import { createChecklist } from '../../api/create-checklist';
import { useBoardStore } from '../../store';
import { sideButtonClass } from './modal-styles';

/** ADD TO CARD → Checklist: a title form; an empty title (after trimming) is ignored. */
export function AddChecklistButton({ cardId }: { cardId: string }) {
  const { t } = useTranslation();
  return (
    <Popover
      label={t('board.checklist.button')}
      triggerClassName={sideButtonClass}
      trigger={
        <>
          <SquareCheckBig aria-hidden="true" className="size-4" />
          {t('board.checklist.button')}
        </>
      }
    >
      {(close) => <ChecklistForm cardId={cardId} onDone={close} />}
    </Popover>
  );
}

function ChecklistForm({ cardId, onDone }: { cardId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(() => t('board.checklist.defaultTitle'));
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || busy) return;
    setBusy(true);
    try {
      // The title is sent as typed (docs/product.md, "Validation").
      await useBoardStore.getState().run(() => createChecklist(cardId, title));
      onDone();
    } catch (error) {
      console.error('Failed to create the checklist', error);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <label className={labelClass}>
        {t('board.checklist.titleLabel')}
        <input
          autoFocus
          maxLength={LIMITS.title}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onFocus={(event) => event.target.select()}
          className={`mt-1.5 h-9 w-full ${fieldClass}`}
        />
      </label>
      <Button type="submit" size="sm" loading={busy}>
        {t('board.checklist.add')}
      </Button>
    </form>
  );
}
