import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { googleSignInCodes } from '../../database/schema';

/** The one-time codes a finished Google sign-in hands to the browser that started it (hashes only). */
@Injectable()
export class GoogleSignInCodesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(codeHash: string, userId: string, stateHash: string, ttlSeconds: number): Promise<void> {
    await this.db.insert(googleSignInCodes).values({
      codeHash,
      userId,
      stateHash,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  }

  /** Uses the code up, when it is live and was issued to this state; answers its user's id. */
  async consume(codeHash: string, stateHash: string): Promise<string | null> {
    const [row] = await this.db
      .delete(googleSignInCodes)
      .where(
        and(
          eq(googleSignInCodes.codeHash, codeHash),
          eq(googleSignInCodes.stateHash, stateHash),
          gt(googleSignInCodes.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: googleSignInCodes.userId });
    return row?.userId ?? null;
  }

  async purge(): Promise<number> {
    const rows = await this.db
      .delete(googleSignInCodes)
      .where(lte(googleSignInCodes.expiresAt, sql`now()`))
      .returning({ codeHash: googleSignInCodes.codeHash });
    return rows.length;
  }
}
