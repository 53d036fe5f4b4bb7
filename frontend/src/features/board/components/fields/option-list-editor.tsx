import { FIELD_LIMITS, LABEL_PRESET_COLORS, type FieldOptionInput } from '@papan/shared';
import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../../../../components/ui/field-styles';

/** A select field's options as edited: a name and a colour each; an `_id` keeps an existing one. */
export function OptionListEditor({
  options,
  onChange,
}: {
  options: FieldOptionInput[];
  onChange: (options: FieldOptionInput[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, change: Partial<FieldOptionInput>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...change } : option)));
  return (
    <div className="flex flex-col gap-1.5">
      {options.map((option, index) => (
        <div key={option._id ?? `new-${index}`} className="flex items-center gap-2">
          <input
            type="color"
            value={option.color.length === 7 ? option.color : '#7dd3fc'}
            onChange={(event) => set(index, { color: event.target.value })}
            aria-label={t('board.fields.manager.optionColor', { name: option.name || index + 1 })}
            className="h-8 w-9 shrink-0 cursor-pointer rounded border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-950"
          />
          <input
            value={option.name}
            maxLength={FIELD_LIMITS.optionName}
            onChange={(event) => set(index, { name: event.target.value })}
            aria-label={t('board.fields.manager.optionName')}
            placeholder={t('board.fields.manager.optionName')}
            className={`h-8 min-w-0 flex-1 ${fieldClass}`}
          />
          <button
            type="button"
            onClick={() => onChange(options.filter((_, i) => i !== index))}
            className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
            title={t('board.fields.manager.removeOption', { name: option.name || index + 1 })}
          >
            <X aria-hidden="true" className="size-4" />
            <span className="sr-only">
              {t('board.fields.manager.removeOption', { name: option.name || index + 1 })}
            </span>
          </button>
        </div>
      ))}
      {options.length < FIELD_LIMITS.options && (
        <button
          type="button"
          onClick={() =>
            onChange([
              ...options,
              { name: '', color: LABEL_PRESET_COLORS[options.length % LABEL_PRESET_COLORS.length]! },
            ])
          }
          className="inline-flex items-center gap-1 self-start rounded px-1 py-0.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('board.fields.manager.addOption')}
        </button>
      )}
    </div>
  );
}

/** The options as sent: names trimmed, empty ones left out. */
export const cleanOptions = (options: FieldOptionInput[]): FieldOptionInput[] =>
  options.map((option) => ({ ...option, name: option.name.trim() })).filter((option) => option.name);
