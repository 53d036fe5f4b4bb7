import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Role } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { loginSessions, users } from '../../database/schema';
import type { UserRow } from '../users/users.repository';

@Injectable()
export class AdminUsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every user, newest first. */
  list(limit: number): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
  }

  /**
   * The ids of every ADMIN, locked until the transaction ends: two administrators demoting or
   * deleting each other at once take turns, and the second sees what the first left.
   */
  async lockAdmins(tx: Executor): Promise<string[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'ADMIN'))
      .orderBy(users.id)
      .for('update');
    return rows.map((r) => r.id);
  }

  findMany(ids: string[], tx: Executor): Promise<UserRow[]> {
    return tx.select().from(users).where(inArray(users.id, ids));
  }

  async setRole(id: string, role: Role, tx: Executor): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Ends every login session of the user: their tokens answer 401 from the next call. */
  async endSessions(userId: string, tx: Executor): Promise<void> {
    await tx.delete(loginSessions).where(eq(loginSessions.userId, userId));
  }

  /**
   * Deletes the users; the database cascades their boards (with everything in them), memberships,
   * pins, sessions and notifications, and keeps their comments elsewhere without an author.
   */
  async deleteMany(ids: string[], tx: Executor): Promise<Pick<UserRow, 'id' | 'profilePictureUrl'>[]> {
    return tx
      .delete(users)
      .where(inArray(users.id, ids))
      .returning({ id: users.id, profilePictureUrl: users.profilePictureUrl });
  }
}
