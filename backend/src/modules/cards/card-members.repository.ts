import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boardMembers, cardMembers, users } from '../../database/schema';

/**
 * Who works on a card (docs/api.md, "Due dates, card members and reminders"); only members of the
 * card's board can.
 */
@Injectable()
export class CardMembersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The user, when they are a member of the board (read in the change's transaction). */
  async boardMember(
    boardId: string,
    userId: string,
    ex: Executor = this.db,
  ): Promise<{ id: string; name: string } | undefined> {
    const [row] = await ex
      .select({ id: users.id, name: users.name })
      .from(boardMembers)
      .innerJoin(users, eq(users.id, boardMembers.userId))
      .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, userId)));
    return row;
  }

  /** Answers false when they already were on the card. */
  async add(cardId: string, userId: string, ex: Executor): Promise<boolean> {
    const rows = await ex
      .insert(cardMembers)
      .values({ cardId, userId })
      .onConflictDoNothing()
      .returning({ userId: cardMembers.userId });
    return rows.length > 0;
  }

  /** Answers false when they were not on the card. */
  async remove(cardId: string, userId: string, ex: Executor): Promise<boolean> {
    const rows = await ex
      .delete(cardMembers)
      .where(and(eq(cardMembers.cardId, cardId), eq(cardMembers.userId, userId)))
      .returning({ userId: cardMembers.userId });
    return rows.length > 0;
  }
}
