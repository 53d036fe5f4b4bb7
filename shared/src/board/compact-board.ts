import { z } from 'zod';
import type { BoardDetail, BoardSummary, Card, Label, List } from '../schemas/board.schema';
import type { Lane } from '../schemas/lanes.schema';

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
}

/**
 * A card in the compact read: its labels by id (the board carries them), checklists as progress,
 * and no times (the board screen shows none; they are a fifth of a big board's bytes). The due
 * date, the due flag and the members are there only when set: most cards have none.
 */
export interface CompactCard extends Omit<
  Card,
  | 'boardId'
  | 'listId'
  | 'labels'
  | 'checklists'
  | 'createdAt'
  | 'updatedAt'
  | 'dueAt'
  | 'dueComplete'
  | 'memberIds'
  | 'attachments'
  | 'coverAttachmentId'
  | 'laneId'
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
}

export interface CompactList extends Omit<List, 'boardId' | 'cards'> {
  cards: CompactCard[];
}

/** `GET /api/boards/{id}?view=compact`: the same board, without what its place in the answer says. */
export interface CompactBoardDetail extends BoardSummary {
  version: number;
  labels: Label[];
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
  const { attachments, coverAttachmentId, laneId } = card;
  return {
    _id,
    title,
    description,
    position,
    ...(dueAt ? { dueAt } : {}),
    ...(dueComplete ? { dueComplete } : {}),
    ...(memberIds.length ? { memberIds } : {}),
    ...(coverAttachmentId ? { coverAttachmentId } : {}),
    ...(attachments.length ? { attachmentCount: attachments.length } : {}),
    ...(laneId ? { laneId } : {}),
    labels: labels.map((label) => label._id),
    checklists: checklists.map(({ _id, title, items }) => ({ _id, title, ...totalsOf(items) })),
  };
}

/** The compact form of a board's content. */
export function compactContent(content: Pick<BoardDetail, 'labels' | 'lanes' | 'lists'>): {
  labels: Label[];
  lanes: Lane[];
  lists: CompactList[];
} {
  return {
    labels: content.labels,
    lanes: content.lanes,
    lists: content.lists.map(({ _id, title, position, stage, wipLimit, wipMode, cards }) => ({
      _id,
      title,
      position,
      stage,
      wipLimit,
      wipMode,
      cards: cards.map(toCompactCard),
    })),
  };
}

/** A whole board read in its compact form (what `?view=compact` answers for the same board). */
export function compactBoard({ lists, labels, lanes, ...summary }: BoardDetail): CompactBoardDetail {
  return { ...summary, ...compactContent({ labels, lanes, lists }) };
}
