import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import { initialsAvatarUrl, type BlockedUser } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { blockedUsers, users } from '../../database/schema';

@Injectable()
export class BlockedUsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async block(blockerId: string, blockedId: string, tx: Executor = this.db): Promise<void> {
    await tx.insert(blockedUsers).values({ blockerId, blockedId }).onConflictDoNothing();
  }

  async unblock(blockerId: string, blockedId: string, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .delete(blockedUsers)
      .where(and(eq(blockedUsers.blockerId, blockerId), eq(blockedUsers.blockedId, blockedId)))
      .returning({ id: blockedUsers.blockedId });
    return rows.length > 0;
  }

  /** Ids of the users `blockerId` has blocked. */
  async blockedIdsOf(blockerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: blockedUsers.blockedId })
      .from(blockedUsers)
      .where(eq(blockedUsers.blockerId, blockerId));
    return rows.map((r) => r.id);
  }

  async listFor(blockerId: string): Promise<BlockedUser[]> {
    const rows = await this.db
      .select({ id: users.id, name: users.name, profilePictureUrl: users.profilePictureUrl })
      .from(blockedUsers)
      .innerJoin(users, eq(users.id, blockedUsers.blockedId))
      .where(eq(blockedUsers.blockerId, blockerId))
      .orderBy(asc(blockedUsers.createdAt))
      .limit(1000);
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      profilePictureUrl: r.profilePictureUrl,
      avatarUrl: r.profilePictureUrl ?? initialsAvatarUrl(r.name),
    }));
  }
}
