import { fieldValueText, type BoardField, type FieldValue } from '@papan/shared';
import { format } from 'date-fns';
import type { TFunction } from 'i18next';
import { dateLocale } from '../../../../lib/dates';
import { dayOf } from '../../model/calendar-days';
import { shortHost } from '../../model/field-input';

/**
 * A value as the card face and the table show it: a day in the reader's language ("Nov 24, 2026" /
 * "24 Nov 2026"), a number in its digits ("1,234.5" / "1.234,5"), a url as its host, a tick as
 * yes/no, an option by its name.
 */
export function fieldDisplayText(
  field: BoardField,
  value: FieldValue | undefined,
  language: string,
  t: TFunction,
): string {
  if (value === undefined) return '';
  switch (field.type) {
    case 'date':
      return typeof value === 'string' ? format(dayOf(value), 'PP', { locale: dateLocale(language) }) : '';
    case 'number':
      return typeof value === 'number' ? value.toLocaleString(language) : '';
    case 'url':
      return typeof value === 'string' ? shortHost(value) : '';
    case 'checkbox':
      return value === true ? t('board.fields.yes') : t('board.fields.no');
    default:
      return fieldValueText(field, value);
  }
}
