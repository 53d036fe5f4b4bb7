import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Card, Checklist, Label } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { cardLabels, cardMembers, cards, checklistItems, checklists, labels } from '../../database/schema';
import { toLabel } from '../labels/label.view';
import { toAttachment, type AttachmentJson } from '../attachments/attachment-json';
import { attachmentsOfCard } from '../attachments/attachments.repository';

/** A card row with its attachments, which the card reads take in the same statement. */
type CardRow = typeof cards.$inferSelect & { attachments: AttachmentJson[] };

/** What a read of checklist items takes: the card read's and the whole-board read's alike. */
export const checklistItemColumns = {
  id: checklistItems.id,
  checklistId: checklistItems.checklistId,
  text: checklistItems.text,
  isCompleted: checklistItems.isCompleted,
  revision: checklistItems.revision,
};

/** The columns of a card read: the row and its attachments as JSON (no statement of their own). */
export const cardWithAttachments = {
  ...getTableColumns(cards),
  attachments: attachmentsOfCard(sql`${cards}.id`),
};

/**
 * Cards in the shape of the whole-board read (labels, checklists with items, members), for any
 * number of cards in five statements: the per-list and per-card reads and every card answer use it.
 */
@Injectable()
export class CardReadRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The live cards of each list, in order. */
  async cardsOfLists(listIds: string[], ex: Executor = this.db): Promise<Map<string, Card[]>> {
    const byList = new Map<string, Card[]>(listIds.map((id) => [id, []]));
    if (!listIds.length) return byList;
    const shaped = await this.shape(and(inArray(cards.listId, listIds), eq(cards.isArchived, false))!, ex);
    for (const card of shaped) byList.get(card.listId)?.push(card);
    return byList;
  }

  /** One live card, or undefined when it is unknown or archived. */
  async card(cardId: string, ex: Executor = this.db): Promise<Card | undefined> {
    const [card] = await this.shape(and(eq(cards.id, cardId), eq(cards.isArchived, false))!, ex);
    return card;
  }

  /** The checklists (with items, oldest first) of each card. */
  async checklistsOf(cardIds: string[], ex: Executor = this.db): Promise<Map<string, Checklist[]>> {
    if (!cardIds.length) return new Map();
    return this.checklistsWhere(cardIds, inArray(cards.id, cardIds), ex);
  }

  private async checklistsWhere(cardIds: string[], cardsWhere: SQL, ex: Executor) {
    const byCard = new Map<string, Checklist[]>(cardIds.map((id) => [id, []]));
    const ofCards = inArray(checklists.cardId, ex.select({ id: cards.id }).from(cards).where(cardsWhere));
    const checklistRows = await ex
      .select()
      .from(checklists)
      .where(ofCards)
      .orderBy(asc(checklists.createdAt), asc(checklists.id));
    const itemRows = await ex
      .select(checklistItemColumns)
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
      .where(ofCards)
      .orderBy(asc(checklistItems.createdAt), asc(checklistItems.id));
    const byId = new Map<string, Checklist>();
    for (const c of checklistRows) {
      const checklist: Checklist = {
        _id: c.id,
        cardId: c.cardId,
        title: c.title,
        items: [],
        revision: c.revision,
      };
      byId.set(c.id, checklist);
      byCard.get(c.cardId)?.push(checklist);
    }
    for (const item of itemRows) {
      byId.get(item.checklistId)?.items.push({
        _id: item.id,
        checklistId: item.checklistId,
        text: item.text,
        isCompleted: item.isCompleted,
        revision: item.revision,
      });
    }
    return byCard;
  }

  private async shape(where: SQL, ex: Executor): Promise<Card[]> {
    const rows = await ex
      .select(cardWithAttachments)
      .from(cards)
      .where(where)
      .orderBy(asc(cards.position), asc(cards.id));
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const labelRows = await ex
      .select({ cardId: cardLabels.cardId, label: labels })
      .from(cardLabels)
      .innerJoin(labels, eq(labels.id, cardLabels.labelId))
      .innerJoin(cards, eq(cards.id, cardLabels.cardId))
      .where(where)
      .orderBy(asc(cardLabels.createdAt), asc(cardLabels.labelId));
    const labelsByCard = new Map<string, Label[]>(ids.map((id) => [id, []]));
    for (const l of labelRows) labelsByCard.get(l.cardId)?.push(toLabel(l.label));
    const memberRows = await ex
      .select({ cardId: cardMembers.cardId, userId: cardMembers.userId })
      .from(cardMembers)
      .innerJoin(cards, eq(cards.id, cardMembers.cardId))
      .where(where)
      .orderBy(asc(cardMembers.createdAt), asc(cardMembers.userId));
    const membersByCard = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const m of memberRows) membersByCard.get(m.cardId)?.push(m.userId);
    const checklistsByCard = await this.checklistsWhere(ids, where, ex);
    return rows.map((row) =>
      toCard(row, labelsByCard.get(row.id)!, checklistsByCard.get(row.id)!, membersByCard.get(row.id)!),
    );
  }
}

export const toCard = (
  c: CardRow,
  cardLabelList: Label[],
  cardChecklists: Checklist[],
  memberIds: string[],
): Card => ({
  _id: c.id,
  boardId: c.boardId,
  listId: c.listId,
  title: c.title,
  description: c.description,
  position: c.position,
  labels: cardLabelList,
  checklists: cardChecklists,
  dueAt: c.dueAt?.toISOString() ?? null,
  dueComplete: c.dueComplete,
  memberIds,
  attachments: c.attachments.map(toAttachment),
  // A cover whose attachment is gone (never left so by a change, but cheap to hold) is no cover.
  coverAttachmentId: c.attachments.some((a) => a.id === c.coverAttachmentId) ? c.coverAttachmentId : null,
  laneId: c.laneId,
  isTemplate: c.isTemplate,
  fields: c.fields,
  revision: c.revision,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});
