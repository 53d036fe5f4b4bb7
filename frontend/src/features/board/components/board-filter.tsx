import type { BoardField, Label, Lane, UserRef } from '@papan/shared';
import { ListFilter, Search, X } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldClass } from '../../../components/ui/field-styles';
import { Popover } from '../../../components/ui/popover';
import { useSession } from '../../../lib/session';
import { useCardFilterControls } from '../hooks/use-card-filter';
import { laneKey, laneRows } from '../model/lanes';
import { cardMatcher, DUE_FILTERS, isFiltering, NO_FILTER, type CardFilter } from '../model/card-filter';
import { useBoardStore } from '../store';
import { fieldConditionCount } from '../model/field-filter';
import { FieldFilterChoices } from './fields/field-filter-choices';
import { LabelChip } from './label-chip';

const NO_LABELS: Label[] = [];
const NO_MEMBERS: UserRef[] = [];
const NO_LANES: Lane[] = [];
const NO_FIELDS: BoardField[] = [];
/** The filter field's id: the `f` shortcut focuses it. */
export const FILTER_FIELD_ID = 'board-filter';

const chipClass =
  'inline-flex h-8 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-700 ' +
  'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The board filter (docs/product.md, "Board screen"): words, labels, members, due dates and, on a
 * board with lanes, lanes (docs/lanes.md), with how many cards match.
 */
export function BoardFilter() {
  const { t } = useTranslation();
  const { filter, applied, setFilter, typeWords } = useCardFilterControls();
  const lists = useBoardStore((state) => state.board?.lists);
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  const counts = useMemo(() => {
    const cards = (lists ?? []).flatMap((list) => list.cards);
    const matches = cardMatcher(applied, fields);
    return { all: cards.length, shown: cards.filter(matches).length };
  }, [lists, applied, fields]);
  const active = isFiltering(applied);
  const extra =
    filter.labels.length +
    filter.members.length +
    filter.lanes.length +
    (filter.due ? 1 : 0) +
    fieldConditionCount(filter.fields, fields);

  return (
    <div className="flex flex-wrap items-center gap-2" role="search" aria-label={t('board.filter.label')}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={FILTER_FIELD_ID}
          type="search"
          value={filter.q}
          onChange={(event) => typeWords(event.target.value)}
          placeholder={t('board.filter.placeholder')}
          aria-label={t('board.filter.label')}
          className={`h-8 w-44 pl-8 ${fieldClass}`}
        />
      </div>
      <Popover
        label={t('board.filter.title')}
        triggerClassName={chipClass}
        trigger={
          <>
            <ListFilter aria-hidden="true" className="size-4" />
            {extra > 0 ? t('board.filter.buttonCount', { count: extra }) : t('board.filter.button')}
          </>
        }
      >
        {() => <FilterChoices filter={filter} onChange={setFilter} />}
      </Popover>
      {active && (
        <>
          <span className="text-sm text-slate-600 dark:text-slate-300" role="status">
            {t('board.filter.count', { shown: counts.shown, all: counts.all })}
          </span>
          <button type="button" className={chipClass} onClick={() => setFilter(NO_FILTER)}>
            <X aria-hidden="true" className="size-4" />
            {t('board.filter.clear')}
          </button>
        </>
      )}
    </div>
  );
}

function FilterChoices({ filter, onChange }: { filter: CardFilter; onChange: (next: CardFilter) => void }) {
  const { t } = useTranslation();
  const labels = useBoardStore((state) => state.board?.labels ?? NO_LABELS);
  const lanes = useBoardStore((state) => state.board?.lanes ?? NO_LANES);
  const members = useBoardStore((state) => state.board?.members ?? NO_MEMBERS);
  const fields = useBoardStore((state) => state.board?.fields ?? NO_FIELDS);
  const me = useSession((state) => state.session?._id);
  const dueName = useId();
  const toggle = (ids: string[], id: string) =>
    ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
  const headingClass = 'text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400';
  const rowClass =
    'flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800';
  const people = [...members].sort((a, b) => Number(b._id === me) - Number(a._id === me));

  return (
    <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto">
      <fieldset>
        <legend className={headingClass}>{t('board.filter.members')}</legend>
        {people.map((member) => (
          <label key={member._id} className={rowClass}>
            <input
              type="checkbox"
              checked={filter.members.includes(member._id)}
              onChange={() => onChange({ ...filter, members: toggle(filter.members, member._id) })}
              className="size-4 accent-indigo-600"
            />
            {member._id === me ? t('board.filter.myCards') : member.name}
          </label>
        ))}
      </fieldset>
      {lanes.length > 0 && (
        <fieldset>
          <legend className={headingClass}>{t('board.filter.lanes')}</legend>
          {laneRows(lanes).map(({ laneId, lane }) => (
            <label key={laneKey(laneId)} className={rowClass}>
              <input
                type="checkbox"
                checked={filter.lanes.includes(laneKey(laneId))}
                onChange={() => onChange({ ...filter, lanes: toggle(filter.lanes, laneKey(laneId)) })}
                className="size-4 accent-indigo-600"
              />
              {lane ? lane.title : t('board.lanes.default')}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend className={headingClass}>{t('board.filter.labels')}</legend>
        {labels.map((label) => (
          <label key={label._id} className={rowClass}>
            <input
              type="checkbox"
              checked={filter.labels.includes(label._id)}
              onChange={() => onChange({ ...filter, labels: toggle(filter.labels, label._id) })}
              className="size-4 accent-indigo-600"
            />
            <LabelChip label={label} size="md" />
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className={headingClass}>{t('board.filter.due')}</legend>
        {(['', ...DUE_FILTERS] as const).map((due) => (
          <label key={due || 'any'} className={rowClass}>
            <input
              type="radio"
              name={dueName}
              checked={filter.due === due}
              onChange={() => onChange({ ...filter, due })}
              className="size-4 accent-indigo-600"
            />
            {t(`board.filter.dueOptions.${due || 'any'}`)}
          </label>
        ))}
      </fieldset>
      <FieldFilterChoices
        fields={fields}
        conditions={filter.fields}
        onChange={(conditions) => onChange({ ...filter, fields: conditions })}
        headingClass={headingClass}
      />
    </div>
  );
}
