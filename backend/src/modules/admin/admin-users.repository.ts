import { Inject, Injectable } from '@nestjs/common';
import { desc, eq, inArray } from 'drizzle-orm';
import type { Role } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { users } from '../../database/schema';
import type { UserRow } from '../users/users.repository';

@Injectable()
export class AdminUsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Every user, newest first. */
  list(limit: number): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
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
