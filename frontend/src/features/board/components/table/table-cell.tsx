import type { Label, UserRef } from '@papan/shared';
import type { TFunction } from 'i18next';
import { Check } from 'lucide-react';
import { Avatar } from '../../../../components/ui/avatar';
import { formatShortDate } from '../../../../lib/dates';
import type { TableRow } from '../../model/table-rows';
import { DueBadge } from '../due-badge';
import { fieldDisplayText } from '../fields/field-text';
import { LabelChip, labelTextColor } from '../label-chip';
import type { TableColumn } from './table-columns';

/** What every cell reads besides its row: the board's labels and members, the translator. */
export interface CellContext {
  labels: ReadonlyMap<string, Label>;
  members: ReadonlyMap<string, UserRef>;
  t: TFunction;
  language: string;
}

const muted = 'text-slate-400 dark:text-slate-500';

/** A cell's value as shown (not editing). */
export function CellContent({ row, column, ctx }: { row: TableRow; column: TableColumn; ctx: CellContext }) {
  const { card } = row;
  const { t, language } = ctx;
  switch (column.key) {
    case 'title':
      return <span className="truncate font-medium">{card.title}</span>;
    case 'list':
      return <span className="truncate">{row.listTitle}</span>;
    case 'lane':
      return <span className="truncate">{row.laneTitle}</span>;
    case 'labels':
      return (
        <span className="flex min-w-0 gap-1 overflow-hidden">
          {card.labels.flatMap((id) => {
            const label = ctx.labels.get(id);
            return label ? <LabelChip key={id} label={label} /> : [];
          })}
        </span>
      );
    case 'members': {
      const people = (card.memberIds ?? []).flatMap((id) => ctx.members.get(id) ?? []);
      return (
        <span className="flex -space-x-1.5" title={people.map((p) => p.name).join(', ')}>
          {people.slice(0, 4).map((person) => (
            <Avatar key={person._id} name={person.name} src={person.avatarUrl} size="xs" />
          ))}
          <span className="sr-only">{people.map((p) => p.name).join(', ')}</span>
        </span>
      );
    }
    case 'due':
      return card.dueAt ? (
        <span className="text-xs">
          <DueBadge dueAt={card.dueAt} complete={card.dueComplete} t={t} language={language} />
        </span>
      ) : null;
    case 'created':
      return <span className="truncate">{formatShortDate(card.createdAt, language)}</span>;
    case 'updated':
      return <span className="truncate">{formatShortDate(card.updatedAt, language)}</span>;
  }
  const field = column.field;
  const value = field ? card.fields?.[field._id] : undefined;
  if (!field || value === undefined) return null;
  if (field.type === 'checkbox')
    return value ? (
      <span title={t('board.fields.yes')}>
        <Check aria-hidden="true" className="size-4 text-emerald-700 dark:text-emerald-400" />
        <span className="sr-only">{t('board.fields.yes')}</span>
      </span>
    ) : (
      <span className={muted}>{t('board.fields.no')}</span>
    );
  if (field.type === 'select') {
    const option = field.options.find((o) => o._id === value);
    return option ? (
      <span
        className="truncate rounded-md px-2 py-0.5 text-xs font-semibold"
        style={{ backgroundColor: option.color, color: labelTextColor(option.color) }}
      >
        {option.name}
      </span>
    ) : null;
  }
  const text = fieldDisplayText(field, value, language, t);
  if (field.type === 'url' && typeof value === 'string')
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        tabIndex={-1}
        title={value}
        className="truncate text-indigo-700 underline hover:text-indigo-900 dark:text-indigo-300"
      >
        {text}
      </a>
    );
  return <span className={`truncate ${field.type === 'number' ? 'ml-auto tabular-nums' : ''}`}>{text}</span>;
}
