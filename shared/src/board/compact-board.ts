import { z } from 'zod';
import type { BoardDetail, BoardSummary, Card, Label, List } from '../schemas/board.schema';
import type { Lane } from '../schemas/lanes.schema';
import type { BoardField, CardFields } from '../schemas/fields.schema';

/** `?view=` of `GET /api/boards/{id}` (docs/api.md): the whole board, or the browser's leaner form. */
export const boardReadQuerySchema = z.object({
  view: z.enum(['full', 'compact'], 'must be full or compact').default('full'),
});
export type BoardReadQuery = z.infer<typeof boardReadQuerySchema>;
export type BoardView = BoardReadQuery['view'];

/** How many items a checklist has, and how many of them are done. */
export interface ChecklistTotals {
  total: number;
  done: number;
}

/** A checklist as a card on the board shows it: its progress, without the items. */
export interface ChecklistProgress extends ChecklistTotals {
  _id: string;
  title: string;
  revision: number;
}

/**
 * A card in the compact read: its labels by id (the board carries them), checklists as progress,
 * and its creation and last change times (the table view shows and sorts by them; they are about a
 * fifth of a big board's bytes: docs/decisions.md). The due date, the due flag, the members and the
 * custom field values are there only when set: most cards have none.
 */
export interface CompactCard extends Omit<
  Card,
  | 'boardId'
  | 'listId'
  | 'labels'
  | 'checklists'
  | 'dueAt'
  | 'dueComplete'
  | 'memberIds'
  | 'attachments'
  | 'coverAttachmentId'
  | 'laneId'
  | 'isTemplate'
  | 'fields'
> {
  labels: string[];
  checklists: ChecklistProgress[];
  dueAt?: string;
  dueComplete?: true;
  memberIds?: string[];
  /**
   * The cover image (its thumbnail is `attachmentThumbnailUrl(coverAttachmentId)`), when set
   * (docs/api.md, "Attachments").
   */
  coverAttachmentId?: string;
  /** How many files the card has, when it has any (docs/api.md, "Attachments"). */
  attachmentCount?: number;
  /** The card's swimlane, when it is not in the default lane (docs/lanes.md). */
  laneId?: string;
  /** When the card is a template (docs/product.md, "Templates"). */
  isTemplate?: true;
  /** Its custom field values, when it has any (docs/fields.md). */
  fields?: CardFields;
}

export interface CompactList extends Omit<List, 'boardId' | 'cards'> {
  cards: CompactCard[];
}

/** `GET /api/boards/{id}?view=compact`: the same board, without what its place in the answer says. */
export interface CompactBoardDetail extends BoardSummary {
  version: number;
  labels: Label[];
  fields: BoardField[];
  lanes: Lane[];
  lists: CompactList[];
}

/** The totals of a checklist's items. */
export function totalsOf(items: readonly { isCompleted: boolean }[]): ChecklistTotals {
  return { total: items.length, done: items.filter((item) => item.isCompleted).length };
}

/** A card of a whole read or of an event, as the compact read has it. */
export function toCompactCard(card: Card): CompactCard {
  const { _id, title, description, position, labels, checklists, dueAt, dueComplete, memberIds } = card;
  const { attachments, coverAttachmentId, laneId, isTemplate, fields, revision, createdAt, updatedAt } = card;
  return {
    _id,
    title,
    description,
    position,
    revision,
    createdAt,
    updatedAt,
    ...(dueAt ? { dueAt } : {}),
    ...(dueComplete ? { dueComplete } : {}),
    ...(memberIds.length ? { memberIds } : {}),
    ...(coverAttachmentId ? { coverAttachmentId } : {}),
    ...(attachments.length ? { attachmentCount: attachments.length } : {}),
    ...(laneId ? { laneId } : {}),
    ...(isTemplate ? { isTemplate } : {}),
    ...(Object.keys(fields).length ? { fields } : {}),
    labels: labels.map((label) => label._id),
    checklists: checklists.map(({ _id, title, items, revision }) => ({
      _id,
      title,
      revision,
      ...totalsOf(items),
    })),
  };
}

/** The compact form of a board's content. */
export function compactContent(content: Pick<BoardDetail, 'labels' | 'fields' | 'lanes' | 'lists'>): {
  labels: Label[];
  fields: BoardField[];
  lanes: Lane[];
  lists: CompactList[];
} {
  return {
    labels: content.labels,
    fields: content.fields,
    lanes: content.lanes,
    lists: content.lists.map(({ _id, title, position, stage, wipLimit, wipMode, revision, cards }) => ({
      _id,
      title,
      position,
      stage,
      wipLimit,
      wipMode,
      revision,
      cards: cards.map(toCompactCard),
    })),
  };
}

/** A whole board read in its compact form (what `?view=compact` answers for the same board). */
export function compactBoard({ lists, labels, fields, lanes, ...summary }: BoardDetail): CompactBoardDetail {
  return { ...summary, ...compactContent({ labels, fields, lanes, lists }) };
}
