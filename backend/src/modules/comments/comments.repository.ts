import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import { initialsAvatarUrl, type Comment, type Mentionable } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { blockedUsers, boardMembers, boards, cardMembers, comments, users } from '../../database/schema';

export type CommentRow = typeof comments.$inferSelect;

interface Author {
  id: string | null;
  name: string | null;
  profilePictureUrl: string | null;
}

/** Comments outlive their author's account (the author becomes null). */
export const DELETED_USER = 'Deleted user';

const author = { id: users.id, name: users.name, profilePictureUrl: users.profilePictureUrl };

export const toComment = (c: CommentRow, a: Author | null): Comment => {
  const name = a?.name ?? DELETED_USER;
  const profilePictureUrl = a?.profilePictureUrl ?? null;
  return {
    _id: c.id,
    cardId: c.cardId,
    text: c.text,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    // An empty id matches no one, so nobody may edit or delete a deleted author's comment.
    userId: {
      _id: a?.id ?? '',
      name,
      profilePictureUrl,
      avatarUrl: profilePictureUrl ?? initialsAvatarUrl(name),
    },
    revision: c.revision,
  };
};

@Injectable()
export class CommentsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Newest first, older than `before` when given, without comments of authors who blocked the reader. */
  async forCard(cardId: string, readerId: string, limit: number, before?: Date): Promise<Comment[]> {
    const blockedReader = this.db
      .select({ one: blockedUsers.blockerId })
      .from(blockedUsers)
      .where(and(eq(blockedUsers.blockerId, comments.userId), eq(blockedUsers.blockedId, readerId)));
    const rows = await this.db
      .select({ comment: comments, author })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.userId))
      .where(
        and(
          eq(comments.cardId, cardId),
          before ? lt(comments.createdAt, before) : undefined,
          notExists(blockedReader),
        ),
      )
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit);
    return rows.map((r) => toComment(r.comment, r.author));
  }

  async create(
    values: { boardId: string; cardId: string; userId: string; text: string },
    tx: Executor,
  ): Promise<Comment> {
    const [row] = await tx.insert(comments).values(values).returning();
    return this.withAuthor(row, tx);
  }

  async update(commentId: string, text: string, tx: Executor): Promise<Comment | undefined> {
    const [row] = await tx
      .update(comments)
      .set({ text, revision: sql`${comments.revision} + 1`, updatedAt: new Date() })
      .where(eq(comments.id, commentId))
      .returning();
    return row && this.withAuthor(row, tx);
  }

  async delete(commentId: string, tx: Executor): Promise<boolean> {
    const rows = await tx.delete(comments).where(eq(comments.id, commentId)).returning({ id: comments.id });
    return rows.length > 0;
  }

  /** The comment as stored, before a change to it (inside the change's transaction). */
  async stored(commentId: string, tx: Executor): Promise<Comment | undefined> {
    const [row] = await tx.select().from(comments).where(eq(comments.id, commentId));
    return row && this.withAuthor(row, tx);
  }

  /** The board's owner and members by name: whom a comment can mention and who always hears of it. */
  async boardPeople(boardId: string, tx: Executor): Promise<{ ownerId: string; people: Mentionable[] }> {
    const [board] = await tx.select({ ownerId: boards.ownerId }).from(boards).where(eq(boards.id, boardId));
    const people = await tx
      .select({ _id: users.id, name: users.name })
      .from(users)
      .where(
        or(
          eq(users.id, board.ownerId),
          inArray(
            users.id,
            tx
              .select({ id: boardMembers.userId })
              .from(boardMembers)
              .where(eq(boardMembers.boardId, boardId)),
          ),
        ),
      );
    return { ownerId: board.ownerId, people };
  }

  /**
   * The members of a card (docs/api.md, "Due dates, card members and reminders"), who hear of every
   * comment on it.
   */
  async cardMemberIds(cardId: string, tx: Executor): Promise<string[]> {
    const rows = await tx
      .select({ id: cardMembers.userId })
      .from(cardMembers)
      .where(eq(cardMembers.cardId, cardId));
    return rows.map((r) => r.id);
  }

  /**
   * Of these people, those who may hear of the author's comment: not the author, nobody who blocked
   * the author, and nobody the author blocked (they do not see the author's comments).
   */
  async notifiable(authorId: string, userIds: string[], tx: Executor): Promise<string[]> {
    const candidates = userIds.filter((id) => id !== authorId);
    if (candidates.length === 0) return [];
    const blocked = await tx
      .select({ blockerId: blockedUsers.blockerId, blockedId: blockedUsers.blockedId })
      .from(blockedUsers)
      .where(
        or(
          and(eq(blockedUsers.blockedId, authorId), inArray(blockedUsers.blockerId, candidates)),
          and(eq(blockedUsers.blockerId, authorId), inArray(blockedUsers.blockedId, candidates)),
        ),
      );
    const apart = new Set(blocked.map((b) => (b.blockerId === authorId ? b.blockedId : b.blockerId)));
    return candidates.filter((id) => !apart.has(id));
  }

  private async withAuthor(row: CommentRow, tx: Executor): Promise<Comment> {
    if (!row.userId) return toComment(row, null);
    const [a] = await tx.select(author).from(users).where(eq(users.id, row.userId));
    return toComment(row, a ?? null);
  }
}
