import { FIELD_LIMITS, FIELD_TYPES, type FieldOptionInput, type FieldType } from '@papan/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '../../../../components/ui/button';
import { fieldClass, labelClass } from '../../../../components/ui/field-styles';
import { createField } from '../../api/create-field';
import { useBoardStore } from '../../store';
import { cleanOptions, OptionListEditor } from './option-list-editor';

/** A new field: a name, a type (never changed later), a select's options, and whether cards show it. */
export function FieldCreateForm({ boardId, count }: { boardId: string; count: number }) {
  const { t } = useTranslation();
  const nameId = useId();
  const typeId = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('text');
  const [options, setOptions] = useState<FieldOptionInput[]>([]);
  const [showOnCard, setShowOnCard] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  if (count >= FIELD_LIMITS.perBoard)
    return <p className="text-sm text-amber-700 dark:text-amber-300">{t('board.fields.manager.limit')}</p>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    const chosen = cleanOptions(options);
    if (!value || busy) return;
    if (type === 'select' && !chosen.length) return setProblem(true);
    setBusy(true);
    try {
      await useBoardStore.getState().run(() =>
        createField(boardId, {
          name: value,
          type,
          showOnCard,
          ...(type === 'select' ? { options: chosen } : {}),
        }),
      );
      setName('');
      setOptions([]);
      // Ready for the next field (the button, disabled while sending, has let the focus go).
      nameRef.current?.focus();
    } catch (error) {
      console.error('Failed to create the field', error);
      toast.error(t('board.fields.manager.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold">{t('board.fields.manager.createTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className={labelClass}>
            {t('board.fields.manager.name')}
          </label>
          <input
            id={nameId}
            ref={nameRef}
            value={name}
            maxLength={FIELD_LIMITS.name}
            onChange={(event) => setName(event.target.value)}
            className={`h-9 ${fieldClass}`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={typeId} className={labelClass}>
            {t('board.fields.manager.type')}
          </label>
          <select
            id={typeId}
            value={type}
            onChange={(event) => {
              setType(event.target.value as FieldType);
              setProblem(false);
            }}
            className={`h-9 ${fieldClass}`}
          >
            {FIELD_TYPES.map((each) => (
              <option key={each} value={each}>
                {t(`board.fields.manager.types.${each}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {type === 'select' && (
        <fieldset className="flex flex-col gap-1">
          <legend className={labelClass}>{t('board.fields.manager.options')}</legend>
          <OptionListEditor
            options={options}
            onChange={(next) => {
              setOptions(next);
              setProblem(false);
            }}
          />
          {problem && (
            <p role="alert" className="text-xs text-red-700 dark:text-red-300">
              {t('board.fields.manager.optionsNeeded')}
            </p>
          )}
        </fieldset>
      )}
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={showOnCard}
          onChange={(event) => setShowOnCard(event.target.checked)}
          className="size-4 accent-indigo-600"
        />
        {t('board.fields.manager.showOnCard')}
      </label>
      <Button type="submit" size="sm" loading={busy} disabled={!name.trim()} className="self-start">
        {t('board.fields.manager.create')}
      </Button>
    </form>
  );
}
