import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { UserRef } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import {
  blockedUsers,
  boardMembers,
  boardPins,
  boardRemovals,
  cardMembers,
  cards,
  users,
} from '../../database/schema';
import { toUserRef } from '../boards/board-read.repository';

@Injectable()
export class MembersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The member as a user reference, or undefined when the user is not a member of the board. */
  async find(boardId: string, userId: string): Promise<UserRef | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        profilePictureUrl: users.profilePictureUrl,
      })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)));
    return row && toUserRef(row);
  }

  /** Answers false when the user already was a member. */
  async add(boardId: string, userId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .insert(boardMembers)
      .values({ boardId, userId })
      .onConflictDoNothing()
      .returning({ userId: boardMembers.userId });
    return rows.length > 0;
  }

  /** Removes the membership and the member's pin; answers false when there was no membership. */
  async remove(boardId: string, userId: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .delete(boardMembers)
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)))
      .returning({ userId: boardMembers.userId });
    await tx.delete(boardPins).where(and(eq(boardPins.boardId, boardId), eq(boardPins.userId, userId)));
    // Only board members work on its cards (docs/api.md, "Due dates, card members and reminders").
    await tx
      .delete(cardMembers)
      .where(
        and(
          eq(cardMembers.userId, userId),
          inArray(
            cardMembers.cardId,
            tx.select({ id: cards.id }).from(cards).where(eq(cards.boardId, boardId)),
          ),
        ),
      );
    return rows.length > 0;
  }

  /** The owner removed the user: link joining is barred for them until they are invited again. */
  async markRemoved(boardId: string, userId: string, tx: Executor): Promise<void> {
    await tx.insert(boardRemovals).values({ boardId, userId }).onConflictDoNothing();
  }

  async wasRemoved(boardId: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ userId: boardRemovals.userId })
      .from(boardRemovals)
      .where(and(eq(boardRemovals.boardId, boardId), eq(boardRemovals.userId, userId)));
    return rows.length > 0;
  }

  /** A member again (invited back): the removal no longer bars anything. */
  async forgetRemoval(boardId: string, userId: string, tx: Executor): Promise<void> {
    await tx
      .delete(boardRemovals)
      .where(and(eq(boardRemovals.boardId, boardId), eq(boardRemovals.userId, userId)));
  }

  /** Whether `blockerId` has blocked `blockedId`. */
  async hasBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await this.db
      .select({ blockerId: blockedUsers.blockerId })
      .from(blockedUsers)
      .where(and(eq(blockedUsers.blockerId, blockerId), eq(blockedUsers.blockedId, blockedId)));
    return rows.length > 0;
  }

  /** Whether either user has blocked the other. */
  async blockedBetween(a: string, b: string): Promise<boolean> {
    const rows = await this.db
      .select({ blockerId: blockedUsers.blockerId })
      .from(blockedUsers)
      .where(
        or(
          and(eq(blockedUsers.blockerId, a), eq(blockedUsers.blockedId, b)),
          and(eq(blockedUsers.blockerId, b), eq(blockedUsers.blockedId, a)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }
}
