import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boardInvitations, boards, users } from '../../database/schema';

type UserRow = typeof users.$inferSelect;

export interface PendingInvitation {
  boardId: string;
  boardTitle: string;
  /** Who invited; null when that account has been deleted since. */
  inviter: UserRow | null;
}

/** Invitations of e-mails that had no account yet; e-mails are stored lower-cased. */
@Injectable()
export class InvitationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async exists(boardId: string, email: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: boardInvitations.id })
      .from(boardInvitations)
      .where(and(eq(boardInvitations.boardId, boardId), eq(boardInvitations.email, email)));
    return rows.length > 0;
  }

  /** Answers false when the e-mail already had an invitation to the board. */
  async insert(boardId: string, email: string, invitedBy: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .insert(boardInvitations)
      .values({ boardId, email, invitedBy })
      .onConflictDoNothing()
      .returning({ id: boardInvitations.id });
    return rows.length > 0;
  }

  async delete(boardId: string, email: string, tx: Executor): Promise<void> {
    await tx
      .delete(boardInvitations)
      .where(and(eq(boardInvitations.boardId, boardId), eq(boardInvitations.email, email)));
  }

  /** Deletes the invitations the user sent that nobody has taken up; answers how many went. */
  async deleteSentBy(userId: string, tx: Executor): Promise<number> {
    const rows = await tx
      .delete(boardInvitations)
      .where(eq(boardInvitations.invitedBy, userId))
      .returning({ id: boardInvitations.id });
    return rows.length;
  }

  /** Every board the e-mail was invited to, oldest invitation first, with the inviter. */
  async pendingFor(email: string): Promise<PendingInvitation[]> {
    return this.db
      .select({ boardId: boardInvitations.boardId, boardTitle: boards.title, inviter: users })
      .from(boardInvitations)
      .innerJoin(boards, eq(boards.id, boardInvitations.boardId))
      .leftJoin(users, eq(users.id, boardInvitations.invitedBy))
      .where(eq(boardInvitations.email, email))
      .orderBy(asc(boardInvitations.createdAt));
  }
}
