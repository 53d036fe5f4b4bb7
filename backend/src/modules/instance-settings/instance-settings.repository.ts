import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { InstanceSettingsInput } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { adminInvites, boardInvitations, instanceSettings, twoFactor } from '../../database/schema';

export type SettingsRow = typeof instanceSettings.$inferSelect;

/** The instance's one settings row, administrators' invitations, and what registration asks of them. */
@Injectable()
export class InstanceSettingsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async read(tx: Executor = this.db): Promise<SettingsRow> {
    const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.id, 1));
    return row;
  }

  /** Locks the row for the rest of `tx` and answers it as it is now. */
  async lock(tx: Executor): Promise<SettingsRow> {
    const [row] = await tx.select().from(instanceSettings).where(eq(instanceSettings.id, 1)).for('update');
    return row;
  }

  async write(input: InstanceSettingsInput, tx: Executor): Promise<SettingsRow> {
    const [row] = await tx
      .update(instanceSettings)
      .set({ ...input, version: sql`${instanceSettings.version} + 1`, updatedAt: new Date() })
      .where(eq(instanceSettings.id, 1))
      .returning();
    return row;
  }

  /**
   * Whether an ADMIN caller must be stopped: the instance asks admins for 2FA and this one has not
   * turned it on. One statement, asked only for ADMIN callers.
   */
  async adminLacksTwoFactor(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({
        required: instanceSettings.requireTwoFactorForAdmins,
        enabled: sql<boolean>`exists (select 1 from ${twoFactor} where ${twoFactor.userId} = ${userId} and ${isNotNull(twoFactor.enabledAt)})`,
      })
      .from(instanceSettings)
      .where(eq(instanceSettings.id, 1));
    return !!row?.required && !row.enabled;
  }

  async hasBoardInvitation(email: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .select({ id: boardInvitations.id })
      .from(boardInvitations)
      .where(eq(boardInvitations.email, email))
      .limit(1);
    return rows.length > 0;
  }

  async insertInvite(
    values: { tokenHash: string; email: string; invitedBy: string; expiresAt: Date },
    tx: Executor,
  ): Promise<{ id: string; email: string; expiresAt: Date }> {
    const [row] = await tx
      .insert(adminInvites)
      .values(values)
      .returning({ id: adminInvites.id, email: adminInvites.email, expiresAt: adminInvites.expiresAt });
    return row;
  }

  /** Uses up the unexpired, unused invitation of `email` with this token; answers whether there was one. */
  async useInvite(email: string, tokenHash: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .update(adminInvites)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminInvites.tokenHash, tokenHash),
          eq(adminInvites.email, email),
          isNull(adminInvites.usedAt),
          gt(adminInvites.expiresAt, new Date()),
        ),
      )
      .returning({ id: adminInvites.id });
    return rows.length > 0;
  }
}
