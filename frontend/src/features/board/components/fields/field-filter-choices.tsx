import type { BoardField } from '@papan/shared';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../../../../components/ui/field-styles';
import { readRange, writeRange } from '../../model/field-filter';

interface FieldFilterChoicesProps {
  fields: readonly BoardField[];
  conditions: Record<string, string>;
  onChange: (conditions: Record<string, string>) => void;
  headingClass: string;
}

/**
 * The filter's custom fields (docs/fields.md): a select's options, a checkbox's yes/no, words a
 * text or url contains, a number's or a date's range.
 */
export function FieldFilterChoices({ fields, conditions, onChange, headingClass }: FieldFilterChoicesProps) {
  const { t } = useTranslation();
  if (!fields.length) return null;
  const set = (fieldId: string, value: string) => {
    const next = { ...conditions };
    if (value) next[fieldId] = value;
    else delete next[fieldId];
    onChange(next);
  };
  const inputClass = `h-8 min-w-0 flex-1 ${fieldClass}`;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={headingClass}>{t('board.filter.fields')}</legend>
      {fields.map((field) => {
        const condition = conditions[field._id] ?? '';
        const [from, to] = readRange(condition);
        return (
          <div key={field._id} className="flex flex-col gap-1">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{field.name}</span>
            {field.type === 'select' && (
              <select
                aria-label={field.name}
                value={condition.split(',')[0] ?? ''}
                onChange={(event) => set(field._id, event.target.value)}
                className={inputClass}
              >
                <option value="">{t('board.filter.fieldAny')}</option>
                {field.options.map((option) => (
                  <option key={option._id} value={option._id}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
            {field.type === 'checkbox' && (
              <select
                aria-label={field.name}
                value={condition}
                onChange={(event) => set(field._id, event.target.value)}
                className={inputClass}
              >
                <option value="">{t('board.filter.fieldAny')}</option>
                <option value="yes">{t('board.fields.yes')}</option>
                <option value="no">{t('board.fields.no')}</option>
              </select>
            )}
            {(field.type === 'text' || field.type === 'url') && (
              <input
                type="search"
                aria-label={t('board.filter.contains', { name: field.name })}
                value={condition}
                onChange={(event) => set(field._id, event.target.value)}
                className={inputClass}
              />
            )}
            {(field.type === 'number' || field.type === 'date') && (
              <div className="flex items-center gap-1.5">
                <input
                  type={field.type === 'date' ? 'date' : 'number'}
                  aria-label={t('board.filter.from', { name: field.name })}
                  value={from}
                  onChange={(event) => set(field._id, writeRange(event.target.value, to))}
                  className={inputClass}
                />
                <span aria-hidden="true">–</span>
                <input
                  type={field.type === 'date' ? 'date' : 'number'}
                  aria-label={t('board.filter.to', { name: field.name })}
                  value={to}
                  onChange={(event) => set(field._id, writeRange(from, event.target.value))}
                  className={inputClass}
                />
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
