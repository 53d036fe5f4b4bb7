import { Inject, Injectable } from '@nestjs/common';
import { and, eq, isNull } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { users } from '../../database/schema';
import type { UserRow } from '../users/users.repository';

/** The users table as Google sign-in reads and links it (by the Google account id, `sub`). */
@Injectable()
export class GoogleUsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findByGoogleId(googleId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleId, googleId));
    return row;
  }

  /** Links an account that has no Google id yet; undefined when it already has one. */
  async linkGoogleId(userId: string, googleId: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ googleId, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.googleId)))
      .returning();
    return row;
  }

  /**
   * An address Google has verified, held by an account that never proved it: the account goes to
   * the Google identity — no password any more, verified. Undefined when the account was verified
   * meanwhile (it is then linked, not taken over).
   */
  async takeOver(userId: string, googleId: string, tx: Executor): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ googleId, passwordHash: null, provider: 'google', emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.emailVerified, false)))
      .returning();
    return row;
  }
}
