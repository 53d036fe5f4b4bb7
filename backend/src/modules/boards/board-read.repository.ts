import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  initialsAvatarUrl,
  type Card,
  type Checklist,
  type ChecklistProgress,
  type CompactList,
  type Label,
  type List,
  type UserRef,
} from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { cardLabels, cards, checklistItems, checklists, labels, lists } from '../../database/schema';

export const toLabel = (l: typeof labels.$inferSelect): Label => ({
  _id: l.id,
  boardId: l.boardId,
  name: l.name,
  color: l.color,
  isDefault: l.isDefault,
});

export const toUserRef = (u: {
  id: string;
  name: string;
  email: string;
  profilePictureUrl: string | null;
}): UserRef => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  avatarUrl: u.profilePictureUrl ?? initialsAvatarUrl(u.name),
});

/**
 * Reads a whole board with a constant number of statements whatever its size: members, labels,
 * lists, cards, card labels, checklists and items, one statement each, assembled in memory.
 */
@Injectable()
export class BoardReadRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async content(boardId: string): Promise<{ labels: Label[]; lists: List[] }> {
    const rows = await this.rows(boardId);
    const itemRows = await this.db
      .select({
        id: checklistItems.id,
        checklistId: checklistItems.checklistId,
        text: checklistItems.text,
        isCompleted: checklistItems.isCompleted,
      })
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
      .where(eq(checklists.boardId, boardId))
      .orderBy(asc(checklistItems.createdAt), asc(checklistItems.id));
    const itemsByChecklist = groupBy(itemRows, (i) => i.checklistId);
    const labelById = new Map(rows.labels.map((l) => [l.id, toLabel(l)]));
    return assemble(rows, {
      label: (id) => labelById.get(id),
      checklist: (c): Checklist => ({
        _id: c.id,
        cardId: c.cardId,
        title: c.title,
        items: (itemsByChecklist.get(c.id) ?? []).map((i) => ({
          _id: i.id,
          checklistId: i.checklistId,
          text: i.text,
          isCompleted: i.isCompleted,
        })),
      }),
      card: (c, shaped) => ({
        _id: c.id,
        boardId: c.boardId,
        listId: c.listId,
        ...shaped,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      }),
      list: (l, cardsOfList) => ({
        _id: l.id,
        boardId: l.boardId,
        title: l.title,
        position: l.position,
        cards: cardsOfList,
      }),
    });
  }

  /**
   * The compact form (ARCHITECTURE §10.1), read as such: checklist items are counted in the
   * database instead of read, which is most of a big board's rows.
   */
  async compact(boardId: string): Promise<{ labels: Label[]; lists: CompactList[] }> {
    const rows = await this.rows(boardId);
    const progressRows = await this.db
      .select({
        checklistId: checklistItems.checklistId,
        total: sql<number>`count(*)::int`,
        done: sql<number>`(count(*) filter (where ${checklistItems.isCompleted}))::int`,
      })
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
      .where(eq(checklists.boardId, boardId))
      .groupBy(checklistItems.checklistId);
    const progress = new Map(progressRows.map((p) => [p.checklistId, p]));
    const labelIds = new Set(rows.labels.map((l) => l.id));
    return assemble(rows, {
      label: (id) => (labelIds.has(id) ? id : undefined),
      checklist: (c): ChecklistProgress => ({
        _id: c.id,
        title: c.title,
        total: progress.get(c.id)?.total ?? 0,
        done: progress.get(c.id)?.done ?? 0,
      }),
      card: (c, shaped) => ({ _id: c.id, ...shaped }),
      list: (l, cardsOfList) => ({ _id: l.id, title: l.title, position: l.position, cards: cardsOfList }),
      labels: rows.labels.map(toLabel),
    });
  }

  /** Everything of a board but checklist items, one statement each. */
  private async rows(boardId: string) {
    const liveCard = and(eq(cards.boardId, boardId), eq(cards.isArchived, false));
    const labelRows = await this.db
      .select()
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(asc(labels.createdAt), asc(labels.id));
    const listRows = await this.db
      .select()
      .from(lists)
      .where(eq(lists.boardId, boardId))
      .orderBy(asc(lists.position), asc(lists.id));
    const cardRows = await this.db
      .select()
      .from(cards)
      .where(liveCard)
      .orderBy(asc(cards.listId), asc(cards.position), asc(cards.id));
    const cardLabelRows = await this.db
      .select({ cardId: cardLabels.cardId, labelId: cardLabels.labelId })
      .from(cardLabels)
      .innerJoin(cards, eq(cards.id, cardLabels.cardId))
      .where(liveCard)
      .orderBy(asc(cardLabels.createdAt), asc(cardLabels.labelId));
    const checklistRows = await this.db
      .select()
      .from(checklists)
      .where(eq(checklists.boardId, boardId))
      .orderBy(asc(checklists.createdAt), asc(checklists.id));
    return {
      labels: labelRows,
      lists: listRows,
      cards: cardRows,
      cardLabels: cardLabelRows,
      checklists: checklistRows,
    };
  }
}

type BoardRows = Awaited<ReturnType<BoardReadRepository['rows']>>;
type CardRow = BoardRows['cards'][number];
type ListRow = BoardRows['lists'][number];
/** What both forms of a card share. */
type CardCore<L, C> = Pick<Card, 'title' | 'description' | 'position'> & {
  labels: L[];
  checklists: C[];
};

/** Puts the rows together, each piece in the form `shape` gives it, lists and cards in order. */
function assemble<L, C, CardT, ListT>(
  rows: BoardRows,
  shape: {
    label: (labelId: string) => L | undefined;
    checklist: (row: BoardRows['checklists'][number]) => C;
    card: (row: CardRow, core: CardCore<L, C>) => CardT;
    list: (row: ListRow, cards: CardT[]) => ListT;
    labels?: Label[];
  },
): { labels: Label[]; lists: ListT[] } {
  const checklistsByCard = groupBy(rows.checklists, (c) => c.cardId);
  const labelsByCard = groupBy(rows.cardLabels, (r) => r.cardId);
  const cardsByList = groupBy(rows.cards, (c) => c.listId);
  return {
    labels: shape.labels ?? rows.labels.map(toLabel),
    lists: rows.lists.map((l) =>
      shape.list(
        l,
        (cardsByList.get(l.id) ?? []).map((c) =>
          shape.card(c, {
            title: c.title,
            description: c.description,
            position: c.position,
            labels: (labelsByCard.get(c.id) ?? [])
              .map((r) => shape.label(r.labelId))
              .filter((x): x is L => x !== undefined),
            checklists: (checklistsByCard.get(c.id) ?? []).map(shape.checklist),
          }),
        ),
      ),
    ),
  };
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}
