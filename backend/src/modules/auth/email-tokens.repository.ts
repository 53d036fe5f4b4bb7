import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { emailTokens } from '../../database/schema';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];
export type EmailTokenRow = typeof emailTokens.$inferSelect;

/** The hashed single-use tokens of the verification and password-reset links. */
@Injectable()
export class EmailTokensRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Stores a new link's hash; the user's older links of that purpose stop working. */
  async replace(
    values: Pick<EmailTokenRow, 'tokenHash' | 'userId' | 'purpose' | 'email'>,
    ttlSeconds: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.deleteFor(values.userId, values.purpose, tx);
      await tx
        .insert(emailTokens)
        .values({ ...values, expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})` });
    });
  }

  /** Uses the token up in one statement (two clicks at once: one wins); null when unknown or expired. */
  async consume(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    tx: Executor = this.db,
  ): Promise<EmailTokenRow | null> {
    const [row] = await tx
      .delete(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, purpose),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row ?? null;
  }

  async deleteFor(userId: string, purpose: EmailTokenPurpose | 'all', tx: Executor = this.db): Promise<void> {
    await tx
      .delete(emailTokens)
      .where(
        purpose === 'all'
          ? eq(emailTokens.userId, userId)
          : and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose)),
      );
  }

  async purge(): Promise<number> {
    const rows = await this.db
      .delete(emailTokens)
      .where(lte(emailTokens.expiresAt, sql`now()`))
      .returning({ tokenHash: emailTokens.tokenHash });
    return rows.length;
  }
}
