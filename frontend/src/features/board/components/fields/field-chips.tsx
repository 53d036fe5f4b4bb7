import type { BoardField, CardFields } from '@papan/shared';
import type { TFunction } from 'i18next';
import { Check, Link2 } from 'lucide-react';
import { labelTextColor } from '../label-chip';
import { fieldDisplayText } from './field-text';

const chipClass =
  'inline-flex max-w-full items-center gap-1 truncate rounded-md px-1.5 py-0.5 text-[11px] font-medium';
const plainClass = `${chipClass} bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-100`;

/**
 * The card face's custom fields (those with `showOnCard`, docs/fields.md): a select option in its
 * colour, a ticked checkbox as a tick, a url as its host, a day in the reader's language. Each chip
 * says its field's name to screen readers and in its tooltip.
 */
export function FieldChips({
  fields,
  values,
  language,
  t,
}: {
  fields: readonly BoardField[];
  values: CardFields;
  language: string;
  t: TFunction;
}) {
  const chips = fields.flatMap((field) => {
    const value = values[field._id];
    // An unticked box says nothing on the face.
    if (value === undefined || value === false) return [];
    const text = fieldDisplayText(field, value, language, t);
    const whole = t('board.fields.chip', { name: field.name, value: text });
    if (field.type === 'select') {
      const option = field.options.find((o) => o._id === value);
      if (!option) return [];
      return (
        <span
          key={field._id}
          title={whole}
          className={chipClass}
          style={{ backgroundColor: option.color, color: labelTextColor(option.color) }}
        >
          <span aria-hidden="true">{option.name}</span>
          <span className="sr-only">{whole}</span>
        </span>
      );
    }
    return (
      <span key={field._id} title={whole} className={plainClass} data-field-type={field.type}>
        {field.type === 'checkbox' && <Check aria-hidden="true" className="size-3" />}
        {field.type === 'url' && <Link2 aria-hidden="true" className="size-3" />}
        <span aria-hidden="true" className="truncate">
          {field.type === 'checkbox' ? field.name : field.type === 'url' ? text : `${field.name}: ${text}`}
        </span>
        <span className="sr-only">{whole}</span>
      </span>
    );
  });
  if (!chips.length) return null;
  return <span className="mt-2 flex flex-wrap gap-1">{chips}</span>;
}
