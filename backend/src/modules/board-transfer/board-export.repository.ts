import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import {
  attachments,
  boardMembers,
  boards,
  cardLabels,
  cardMembers,
  cards,
  checklistItems,
  checklists,
  comments,
  labels,
  lists,
  users,
} from '../../database/schema';

/** Everything an export holds, as rows, read with a constant number of statements. */
export type ExportRows = Awaited<ReturnType<BoardExportRepository['rows']>>;

/**
 * The whole of one board for an export (ARCHITECTURE §10.8): its live cards (archived ones are
 * not read by any call), in the order every board read gives.
 */
@Injectable()
export class BoardExportRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async rows(boardId: string) {
    const live = and(eq(cards.boardId, boardId), eq(cards.isArchived, false));
    const [board] = await this.db
      .select({ title: boards.title, description: boards.description })
      .from(boards)
      .where(eq(boards.id, boardId));
    const memberRows = await this.db
      .select({ name: users.name, email: users.email })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(eq(boardMembers.boardId, boardId))
      .orderBy(asc(boardMembers.createdAt), asc(users.id));
    const labelRows = await this.db
      .select({ id: labels.id, name: labels.name, color: labels.color })
      .from(labels)
      .where(eq(labels.boardId, boardId))
      .orderBy(asc(labels.createdAt), asc(labels.id));
    const listRows = await this.db
      .select({ id: lists.id, title: lists.title })
      .from(lists)
      .where(eq(lists.boardId, boardId))
      .orderBy(asc(lists.position), asc(lists.id));
    const cardRows = await this.db
      .select({
        id: cards.id,
        listId: cards.listId,
        title: cards.title,
        description: cards.description,
        createdAt: cards.createdAt,
        dueAt: cards.dueAt,
        dueComplete: cards.dueComplete,
        coverAttachmentId: cards.coverAttachmentId,
      })
      .from(cards)
      .where(live)
      .orderBy(asc(cards.listId), asc(cards.position), asc(cards.id));
    const cardLabelRows = await this.db
      .select({ cardId: cardLabels.cardId, labelId: cardLabels.labelId })
      .from(cardLabels)
      .innerJoin(cards, eq(cards.id, cardLabels.cardId))
      .where(live)
      .orderBy(asc(cardLabels.createdAt), asc(cardLabels.labelId));
    const cardMemberRows = await this.db
      .select({ cardId: cardMembers.cardId, email: users.email })
      .from(cardMembers)
      .innerJoin(cards, eq(cards.id, cardMembers.cardId))
      .innerJoin(users, eq(users.id, cardMembers.userId))
      .where(live)
      .orderBy(asc(cardMembers.createdAt), asc(cardMembers.userId));
    const checklistRows = await this.db
      .select({ id: checklists.id, cardId: checklists.cardId, title: checklists.title })
      .from(checklists)
      .where(eq(checklists.boardId, boardId))
      .orderBy(asc(checklists.createdAt), asc(checklists.id));
    const itemRows = await this.db
      .select({
        checklistId: checklistItems.checklistId,
        text: checklistItems.text,
        isCompleted: checklistItems.isCompleted,
      })
      .from(checklistItems)
      .innerJoin(checklists, eq(checklists.id, checklistItems.checklistId))
      .where(eq(checklists.boardId, boardId))
      .orderBy(asc(checklistItems.createdAt), asc(checklistItems.id));
    const commentRows = await this.db
      .select({
        cardId: comments.cardId,
        text: comments.text,
        createdAt: comments.createdAt,
        authorName: users.name,
        authorEmail: users.email,
      })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.boardId, boardId))
      .orderBy(asc(comments.createdAt), asc(comments.id));
    const attachmentRows = await this.db
      .select({
        id: attachments.id,
        cardId: attachments.cardId,
        blobId: attachments.blobId,
        name: attachments.name,
        mimeType: attachments.mimeType,
        size: attachments.size,
        isImage: attachments.isImage,
        createdAt: attachments.createdAt,
      })
      .from(attachments)
      .where(eq(attachments.boardId, boardId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id));
    return {
      board: board!,
      members: memberRows,
      labels: labelRows,
      lists: listRows,
      cards: cardRows,
      cardLabels: cardLabelRows,
      cardMembers: cardMemberRows,
      checklists: checklistRows,
      items: itemRows,
      comments: commentRows,
      attachments: attachmentRows,
    };
  }
}
