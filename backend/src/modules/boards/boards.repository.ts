import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LABELS, type BoardSummary, type UserRef } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boardMembers, boardPins, boards, labels, users } from '../../database/schema';
import { toUserRef } from './board-read.repository';

export type BoardRow = typeof boards.$inferSelect;

@Injectable()
export class BoardsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** A new board with its owner as first member and the five default labels. */
  async create(
    values: { title: string; description: string; ownerId: string },
    tx: Executor,
  ): Promise<BoardRow> {
    const [board] = await tx.insert(boards).values(values).returning();
    await tx.insert(boardMembers).values({ boardId: board.id, userId: values.ownerId });
    // Distinct creation times keep the five defaults in their canonical order in every read.
    const base = board.createdAt.getTime();
    await tx.insert(labels).values(
      DEFAULT_LABELS.map((l, i) => ({
        boardId: board.id,
        name: l.name,
        color: l.color,
        isDefault: true,
        createdAt: new Date(base + i),
      })),
    );
    return board;
  }

  async update(
    boardId: string,
    values: Partial<Pick<BoardRow, 'title' | 'description' | 'linkJoining' | 'isArchived' | 'isTemplate'>>,
    tx: Executor,
  ): Promise<BoardRow> {
    // Archiving is not an edit of the board's fields: its events carry no revision (docs/api.md, "Revisions").
    const edits = Object.keys(values).some((key) => key !== 'isArchived');
    const revision = edits ? { revision: sql`${boards.revision} + 1` } : {};
    const [row] = await tx
      .update(boards)
      .set({ ...values, ...revision })
      .where(eq(boards.id, boardId))
      .returning();
    return row;
  }

  async delete(boardId: string, tx: Executor): Promise<void> {
    await tx.delete(boards).where(eq(boards.id, boardId));
  }

  /** Boards the user belongs to, pinned first, newest first; two statements whatever the count. */
  /**
   * `only`: a token's boards (docs/api.md, "Personal API tokens"); null for every board of the
   * user.
   */
  async summariesFor(
    userId: string,
    archived: boolean,
    limit: number,
    only: string[] | null = null,
  ): Promise<BoardSummary[]> {
    const pinned = sql<boolean>`exists (select 1 from ${boardPins} where ${and(eq(boardPins.boardId, boards.id), eq(boardPins.userId, userId))})`;
    const rows = await this.db
      .select({
        board: boards,
        owner: {
          id: users.id,
          name: users.name,
          email: users.email,
          profilePictureUrl: users.profilePictureUrl,
        },
        isPinned: pinned,
      })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.ownerId))
      .where(
        and(
          eq(boards.isArchived, archived),
          inArray(
            boards.id,
            this.db
              .select({ id: boardMembers.boardId })
              .from(boardMembers)
              .where(eq(boardMembers.userId, userId)),
          ),
          // Archived boards are the owner's to restore or delete; members don't see them there.
          archived ? eq(boards.ownerId, userId) : undefined,
          only ? inArray(boards.id, only) : undefined,
        ),
      )
      .orderBy(desc(pinned), desc(boards.createdAt))
      .limit(limit);
    const members = await this.membersOf(rows.map((r) => r.board.id));
    return rows.map((r) => toSummary(r.board, toUserRef(r.owner), members.get(r.board.id) ?? [], r.isPinned));
  }

  async summary(boardId: string, userId: string, tx: Executor = this.db): Promise<BoardSummary | undefined> {
    const [row] = await tx
      .select({
        board: boards,
        owner: {
          id: users.id,
          name: users.name,
          email: users.email,
          profilePictureUrl: users.profilePictureUrl,
        },
        isPinned: sql<boolean>`exists (select 1 from ${boardPins} where ${and(eq(boardPins.boardId, boards.id), eq(boardPins.userId, userId))})`,
      })
      .from(boards)
      .innerJoin(users, eq(users.id, boards.ownerId))
      .where(eq(boards.id, boardId));
    if (!row) return undefined;
    const members = await this.membersOf([boardId], tx);
    return toSummary(row.board, toUserRef(row.owner), members.get(boardId) ?? [], row.isPinned);
  }

  /** Toggles the caller's pin; answers whether the board is pinned now. */
  async togglePin(boardId: string, userId: string): Promise<boolean> {
    const removed = await this.db
      .delete(boardPins)
      .where(and(eq(boardPins.boardId, boardId), eq(boardPins.userId, userId)))
      .returning({ boardId: boardPins.boardId });
    if (removed.length) return false;
    await this.db.insert(boardPins).values({ boardId, userId }).onConflictDoNothing();
    return true;
  }

  private async membersOf(boardIds: string[], ex: Executor = this.db): Promise<Map<string, UserRef[]>> {
    const map = new Map<string, UserRef[]>();
    if (!boardIds.length) return map;
    const rows = await ex
      .select({
        boardId: boardMembers.boardId,
        id: users.id,
        name: users.name,
        email: users.email,
        profilePictureUrl: users.profilePictureUrl,
      })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(inArray(boardMembers.boardId, boardIds))
      .orderBy(asc(boardMembers.createdAt));
    for (const r of rows) {
      const list = map.get(r.boardId) ?? [];
      list.push(toUserRef(r));
      map.set(r.boardId, list);
    }
    return map;
  }
}

function toSummary(b: BoardRow, owner: UserRef, members: UserRef[], isPinned: boolean): BoardSummary {
  return {
    _id: b.id,
    title: b.title,
    description: b.description,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    ownerId: owner,
    members,
    isPinned,
    isArchived: b.isArchived,
    linkJoining: b.linkJoining,
    isTemplate: b.isTemplate,
    revision: b.revision,
  };
}
