import { Inject, Injectable } from '@nestjs/common';
import { asc, eq, inArray } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { attachments, boardMembers, boards, cardHistory, comments, users } from '../../database/schema';
import { BoardReadRepository } from '../boards/board-read.repository';

/** Everything an export holds, as rows, read with a constant number of statements. */
export type ExportRows = Awaited<ReturnType<BoardExportRepository['rows']>>;

/**
 * The whole of one board for an export (docs/api.md, "Export and import"): the whole-board read's statements
 * (`BoardReadRepository.rows`: live cards only, in the order every board read gives), and what only
 * the export holds: the board's title, its members, the comments and the attachments' files.
 */
@Injectable()
export class BoardExportRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly reads: BoardReadRepository,
  ) {}

  async rows(boardId: string) {
    const [board] = await this.db
      .select({ title: boards.title, description: boards.description, isTemplate: boards.isTemplate })
      .from(boards)
      .where(eq(boards.id, boardId));
    const memberRows = await this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(eq(boardMembers.boardId, boardId))
      .orderBy(asc(boardMembers.createdAt), asc(users.id));
    const read = await this.reads.rows(boardId);
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
    const historyRows = await this.db
      .select({
        cardId: cardHistory.cardId,
        listId: cardHistory.listId,
        enteredAt: cardHistory.enteredAt,
        leftAt: cardHistory.leftAt,
      })
      .from(cardHistory)
      .where(eq(cardHistory.boardId, boardId))
      .orderBy(asc(cardHistory.enteredAt), asc(cardHistory.id));
    // Card members are board members (leaving a board leaves its cards): their addresses are known
    // already. Any other is looked up, in one statement.
    const emailOf = new Map(memberRows.map((m) => [m.id, m.email]));
    const unknown = [...new Set(read.cardMembers.map((m) => m.userId))].filter((id) => !emailOf.has(id));
    if (unknown.length)
      for (const u of await this.db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, unknown)))
        emailOf.set(u.id, u.email);
    return {
      board: board!,
      members: memberRows.map(({ name, email }) => ({ name, email })),
      labels: read.labels.map(({ id, name, color }) => ({ id, name, color })),
      fields: read.fields.map(({ id, name, type, options, showOnCard }) => ({
        id,
        name,
        type,
        options: options.map(({ _id, name: optionName, color }) => ({ id: _id, name: optionName, color })),
        showOnCard,
      })),
      lanes: read.lanes.map(({ id, title }) => ({ id, title })),
      lists: read.lists.map(({ id, title, stage, wipLimit, wipMode }) => ({
        id,
        title,
        stage,
        wipLimit,
        wipMode,
      })),
      cards: read.cards.map((c) => ({
        id: c.id,
        listId: c.listId,
        title: c.title,
        description: c.description,
        createdAt: c.createdAt,
        dueAt: c.dueAt,
        dueComplete: c.dueComplete,
        coverAttachmentId: c.coverAttachmentId,
        laneId: c.laneId,
        isTemplate: c.isTemplate,
        fields: c.fields,
      })),
      cardLabels: read.cardLabels,
      cardMembers: read.cardMembers.flatMap(({ cardId, userId }) => {
        const email = emailOf.get(userId);
        return email === undefined ? [] : [{ cardId, email }];
      }),
      checklists: read.checklists.map(({ id, cardId, title }) => ({ id, cardId, title })),
      items: read.items.map(({ checklistId, text, isCompleted }) => ({ checklistId, text, isCompleted })),
      comments: commentRows,
      attachments: attachmentRows,
      history: historyRows,
    };
  }
}
