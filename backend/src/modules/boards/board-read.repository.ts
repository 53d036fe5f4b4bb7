import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import {
  initialsAvatarUrl,
  type Card,
  type Checklist,
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

    const labelById = new Map(labelRows.map((l) => [l.id, toLabel(l)]));
    const checklistsByCard = groupBy(
      checklistRows.map((c): Checklist => ({ _id: c.id, cardId: c.cardId, title: c.title, items: [] })),
      (c) => c.cardId,
    );
    const checklistById = new Map([...checklistsByCard.values()].flat().map((c) => [c._id, c]));
    for (const item of itemRows) {
      checklistById.get(item.checklistId)?.items.push({
        _id: item.id,
        checklistId: item.checklistId,
        text: item.text,
        isCompleted: item.isCompleted,
      });
    }
    const labelsByCard = groupBy(cardLabelRows, (r) => r.cardId);
    const cardsByList = groupBy(
      cardRows.map((c): Card => ({
        _id: c.id,
        boardId: c.boardId,
        listId: c.listId,
        title: c.title,
        description: c.description,
        position: c.position,
        labels: (labelsByCard.get(c.id) ?? [])
          .map((r) => labelById.get(r.labelId))
          .filter((l): l is Label => !!l),
        checklists: checklistsByCard.get(c.id) ?? [],
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      })),
      (c) => c.listId,
    );
    return {
      labels: [...labelById.values()],
      lists: listRows.map((l) => ({
        _id: l.id,
        boardId: l.boardId,
        title: l.title,
        position: l.position,
        cards: cardsByList.get(l.id) ?? [],
      })),
    };
  }
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
