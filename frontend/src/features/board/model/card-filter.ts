import type { BoardField, CompactCard } from '@papan/shared';
import { fieldMatcher, FIELD_PARAM } from './field-filter';
import { DEFAULT_LANE_KEY } from './lanes';

/**
 * The board filter (docs/product.md, "Board screen"), kept in the address as
 * `?q=&labels=&members=&due=&lanes=` and one `f.<fieldId>=` per custom field (docs/fields.md).
 */
export interface CardFilter {
  /** Words that must all be in the title or the description (any case). */
  q: string;
  /** Label ids: a card matches with any of them. */
  labels: string[];
  /** User ids: a card matches with any of them on it. */
  members: string[];
  due: DueFilter;
  /** Lane ids (`none` for the default lane): a card matches in any of them (docs/lanes.md). */
  lanes: string[];
  /** A custom field's condition by field id, as the address holds it (model/field-filter.ts). */
  fields: Record<string, string>;
}

export const DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number] | '';

export const NO_FILTER: CardFilter = { q: '', labels: [], members: [], due: '', lanes: [], fields: {} };

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function readFilter(params: URLSearchParams): CardFilter {
  const due = params.get('due') ?? '';
  const fields: Record<string, string> = {};
  for (const [name, value] of params)
    if (name.startsWith(FIELD_PARAM) && value) fields[name.slice(FIELD_PARAM.length)] = value;
  return {
    q: params.get('q') ?? '',
    labels: list(params.get('labels')),
    members: list(params.get('members')),
    due: (DUE_FILTERS as readonly string[]).includes(due) ? (due as DueFilter) : '',
    lanes: list(params.get('lanes')),
    fields,
  };
}

/** The address's parameters with the filter written in (and empty parts left out). */
export function writeFilter(params: URLSearchParams, filter: CardFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string) => (value ? next.set(name, value) : next.delete(name));
  set('q', filter.q);
  set('labels', filter.labels.join(','));
  set('members', filter.members.join(','));
  set('due', filter.due);
  set('lanes', filter.lanes.join(','));
  for (const name of [...next.keys()]) if (name.startsWith(FIELD_PARAM)) next.delete(name);
  for (const [fieldId, value] of Object.entries(filter.fields)) set(FIELD_PARAM + fieldId, value);
  return next;
}

export const isFiltering = (filter: CardFilter) =>
  filter.q.trim() !== '' ||
  filter.labels.length > 0 ||
  filter.members.length > 0 ||
  filter.due !== '' ||
  filter.lanes.length > 0 ||
  Object.values(filter.fields).some(Boolean);

/**
 * A predicate for the cards the filter keeps, made once per filter: the words are lowered once,
 * so matching 2,000 cards on each keystroke stays well under a frame. `fields` are the board's
 * custom fields: a condition on a field the board no longer has is left out.
 */
export function cardMatcher(
  filter: CardFilter,
  fields: readonly BoardField[] = [],
  now = Date.now(),
): (card: CompactCard) => boolean {
  const byField = fieldMatcher(filter.fields, fields);
  const words = filter.q.toLowerCase().split(/\s+/).filter(Boolean);
  const labels = new Set(filter.labels);
  const members = new Set(filter.members);
  const lanes = new Set(filter.lanes);
  return (card) => {
    // A template is not work: the filter's results never hold one (docs/product.md, "Templates").
    if (card.isTemplate) return false;
    if (lanes.size && !lanes.has(card.laneId ?? DEFAULT_LANE_KEY)) return false;
    if (words.length) {
      const text = `${card.title}\n${card.description}`.toLowerCase();
      if (!words.every((word) => text.includes(word))) return false;
    }
    if (labels.size && !card.labels.some((id) => labels.has(id))) return false;
    if (members.size && !(card.memberIds ?? []).some((id) => members.has(id))) return false;
    if (byField && !byField(card)) return false;
    if (filter.due === 'none') return !card.dueAt;
    if (filter.due) {
      if (!card.dueAt || card.dueComplete) return false;
      const at = new Date(card.dueAt).getTime();
      return filter.due === 'overdue' ? at < now : at >= now && at - now <= WEEK_MS;
    }
    return true;
  };
}
