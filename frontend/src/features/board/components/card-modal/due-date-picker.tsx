import type { CompactCard } from '@papan/shared';
import { CalendarClock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../../../components/ui/popover';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { Button } from '../../../../components/ui/button';
import { fromLocalInput, toLocalInput } from '../../model/due-status';
import { changeDue } from './card-due-change';
import { sideButtonClass, sideHeadingClass } from './modal-styles';

/** ADD TO CARD → Dates: a due date and time, typed or picked (the browser's own, keyboard-ready field). */
export function DueDatePicker({ card }: { card: CompactCard }) {
  const { t } = useTranslation();
  return (
    <Popover
      label={t('board.due.title')}
      triggerClassName={sideButtonClass}
      align="right"
      trigger={
        <>
          <CalendarClock aria-hidden="true" className="size-4" />
          {t('board.due.button')}
        </>
      }
    >
      {(close) => <DueDateForm card={card} onDone={close} />}
    </Popover>
  );
}

function DueDateForm({ card, onDone }: { card: CompactCard; onDone: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState(() => toLocalInput(card.dueAt));
  const dueAt = fromLocalInput(value);

  return (
    <form
      className="flex w-64 flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!dueAt) return;
        onDone();
        void changeDue(card, { dueAt });
      }}
    >
      <h4 className={sideHeadingClass}>{t('board.due.title')}</h4>
      <label htmlFor={inputId} className={labelClass}>
        {t('board.due.label')}
      </label>
      <input
        id={inputId}
        type="datetime-local"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className={`h-9 ${fieldClass}`}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!dueAt}>
          {t('board.due.save')}
        </Button>
        {card.dueAt && (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => {
              onDone();
              void changeDue(card, { dueAt: null, dueComplete: false });
            }}
          >
            {t('board.due.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
