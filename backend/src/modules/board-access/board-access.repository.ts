import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import {
  attachments,
  boardFields,
  boardMembers,
  boardPins,
  boards,
  cards,
  checklists,
  comments,
  labels,
  lanes,
  rules,
  lists,
} from '../../database/schema';

export interface BoardAccessRow {
  id: string;
  ownerId: string;
  version: number;
  isArchived: boolean;
  linkJoining: boolean;
  title: string;
  isMember: boolean;
  isPinned: boolean;
}

/** What each kind of ref resolves to besides its board: what the callers name in events and activities. */
export interface RefTargets {
  boardId: object;
  listId: object;
  cardId: { title: string };
  checklistId: { title: string; cardId: string; cardTitle: string };
  commentId: { cardId: string; cardTitle: string; authorId: string | null };
  labelId: { name: string };
  fieldId: { name: string };
  laneId: { title: string };
  ruleId: { name: string };
  /**
   * What reading or removing the file needs (docs/api.md, "Attachments"), so a download costs this
   * one statement.
   */
  attachmentId: {
    cardId: string;
    cardTitle: string;
    name: string;
    mimeType: string;
    isImage: boolean;
    size: number;
    blobId: string;
    thumbnailBlobId: string | null;
  };
}

export type RefKind = keyof RefTargets;

export type Resolved<K extends RefKind> = { board: BoardAccessRow } & RefTargets[K];

/** The board with the caller's membership and pin. */
const boardColumns = (userId: Placeholder) => ({
  id: boards.id,
  ownerId: boards.ownerId,
  version: boards.version,
  isArchived: boards.isArchived,
  linkJoining: boards.linkJoining,
  title: boards.title,
  isMember: sql<boolean>`exists (select 1 from ${boardMembers} where ${and(
    eq(boardMembers.boardId, boards.id),
    eq(boardMembers.userId, userId),
  )})`,
  isPinned: sql<boolean>`exists (select 1 from ${boardPins} where ${and(
    eq(boardPins.boardId, boards.id),
    eq(boardPins.userId, userId),
  )})`,
});

/**
 * One statement per kind of ref, built once (every call and every 5-second board poll runs one):
 * drizzle skips rebuilding the SQL. Archived (deleted) cards, and the checklists and comments on
 * them, are not found; lists and labels are deleted for real.
 */
function prepareQueries(db: Database) {
  const id = sql.placeholder('id');
  const board = boardColumns(sql.placeholder('userId'));
  const liveCard = eq(cards.isArchived, false);
  return {
    boardId: db.select({ board }).from(boards).where(eq(boards.id, id)).prepare('board_access_board'),
    listId: db
      .select({ board })
      .from(lists)
      .innerJoin(boards, eq(boards.id, lists.boardId))
      .where(eq(lists.id, id))
      .prepare('board_access_list'),
    cardId: db
      .select({ board, title: cards.title })
      .from(cards)
      .innerJoin(boards, eq(boards.id, cards.boardId))
      .where(and(eq(cards.id, id), liveCard))
      .prepare('board_access_card'),
    checklistId: db
      .select({ board, title: checklists.title, cardId: checklists.cardId, cardTitle: cards.title })
      .from(checklists)
      .innerJoin(cards, eq(cards.id, checklists.cardId))
      .innerJoin(boards, eq(boards.id, checklists.boardId))
      .where(and(eq(checklists.id, id), liveCard))
      .prepare('board_access_checklist'),
    commentId: db
      .select({ board, cardId: comments.cardId, cardTitle: cards.title, authorId: comments.userId })
      .from(comments)
      .innerJoin(cards, eq(cards.id, comments.cardId))
      .innerJoin(boards, eq(boards.id, comments.boardId))
      .where(and(eq(comments.id, id), liveCard))
      .prepare('board_access_comment'),
    labelId: db
      .select({ board, name: labels.name })
      .from(labels)
      .innerJoin(boards, eq(boards.id, labels.boardId))
      .where(eq(labels.id, id))
      .prepare('board_access_label'),
    fieldId: db
      .select({ board, name: boardFields.name })
      .from(boardFields)
      .innerJoin(boards, eq(boards.id, boardFields.boardId))
      .where(eq(boardFields.id, id))
      .prepare('board_access_field'),
    laneId: db
      .select({ board, title: lanes.title })
      .from(lanes)
      .innerJoin(boards, eq(boards.id, lanes.boardId))
      .where(eq(lanes.id, id))
      .prepare('board_access_lane'),
    ruleId: db
      .select({ board, name: rules.name })
      .from(rules)
      .innerJoin(boards, eq(boards.id, rules.boardId))
      .where(eq(rules.id, id))
      .prepare('board_access_rule'),
    attachmentId: db
      .select({
        board,
        cardId: attachments.cardId,
        cardTitle: cards.title,
        name: attachments.name,
        mimeType: attachments.mimeType,
        isImage: attachments.isImage,
        size: attachments.size,
        blobId: attachments.blobId,
        thumbnailBlobId: attachments.thumbnailBlobId,
      })
      .from(attachments)
      .innerJoin(cards, eq(cards.id, attachments.cardId))
      .innerJoin(boards, eq(boards.id, attachments.boardId))
      .where(and(eq(attachments.id, id), liveCard))
      .prepare('board_access_attachment'),
  };
}

@Injectable()
export class BoardAccessRepository {
  private readonly queries: ReturnType<typeof prepareQueries>;

  constructor(@Inject(DATABASE) db: Database) {
    this.queries = prepareQueries(db);
  }

  /** The entity's board as `userId` sees it, with what callers need of the entity, in one statement. */
  async find<K extends RefKind>(kind: K, id: string, userId: string): Promise<Resolved<K> | undefined> {
    const [row] = await this.queries[kind].execute({ id, userId });
    return row as Resolved<K> | undefined;
  }
}
