import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { recoveryCodes, twoFactor, twoFactorChallenges } from '../../database/schema';

export type TwoFactorRow = typeof twoFactor.$inferSelect;
export type ChallengeRow = typeof twoFactorChallenges.$inferSelect;
export type SignInMethod = ChallengeRow['method'];

/** The SQL of two-factor sign-in: secrets, recovery codes and sign-in challenges (hashes only). */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async find(userId: string, tx: Executor = this.db): Promise<TwoFactorRow | undefined> {
    const [row] = await tx.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return row;
  }

  async isEnabled(userId: string, tx: Executor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ userId: twoFactor.userId })
      .from(twoFactor)
      .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
    return row !== undefined;
  }

  /** A fresh secret waiting for its first code; never replaces one that is on (undefined then). */
  async startSetup(userId: string, secret: string): Promise<TwoFactorRow | undefined> {
    const [row] = await this.db
      .insert(twoFactor)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secret, lastStep: null, createdAt: sql`now()` },
        setWhere: isNull(twoFactor.enabledAt),
      })
      .returning();
    return row;
  }

  /**
   * Takes `step` as used, once: false when a code of this step or a later one was accepted
   * already (a replayed code). Turns 2FA on at the same time when `enable` is set.
   */
  async useStep(userId: string, step: number, tx: Executor, enable = false): Promise<boolean> {
    const rows = await tx
      .update(twoFactor)
      .set(enable ? { lastStep: step, enabledAt: sql`now()` } : { lastStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
          or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
        ),
      )
      .returning({ userId: twoFactor.userId });
    return rows.length > 0;
  }

  async replaceRecoveryCodes(userId: string, hashes: string[], tx: Executor): Promise<void> {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Uses one unused recovery code up; false when it is unknown or was used. */
  async useRecoveryCode(userId: string, codeHash: string, tx: Executor): Promise<boolean> {
    const rows = await tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  /** Turns 2FA off: the secret, the recovery codes and any waiting sign-in go. */
  async remove(userId: string, tx: Executor): Promise<void> {
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  }

  async insertChallenge(
    challengeHash: string,
    userId: string,
    method: SignInMethod,
    ttlSeconds: number,
  ): Promise<void> {
    await this.db.insert(twoFactorChallenges).values({
      challengeHash,
      userId,
      method,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  }

  /** A live challenge, locked until `tx` ends: parallel guesses at one challenge take turns. */
  async lockChallenge(challengeHash: string, tx: Executor): Promise<ChallengeRow | undefined> {
    const [row] = await tx
      .select()
      .from(twoFactorChallenges)
      .where(
        and(
          eq(twoFactorChallenges.challengeHash, challengeHash),
          gt(twoFactorChallenges.expiresAt, sql`now()`),
        ),
      )
      .for('update');
    return row;
  }

  /** Counts a wrong code; answers the failures so far. */
  async addFailure(challengeHash: string, tx: Executor): Promise<number> {
    const [row] = await tx
      .update(twoFactorChallenges)
      .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
      .where(eq(twoFactorChallenges.challengeHash, challengeHash))
      .returning({ failures: twoFactorChallenges.failures });
    return row?.failures ?? 0;
  }

  async deleteChallenge(challengeHash: string, tx: Executor): Promise<void> {
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.challengeHash, challengeHash));
  }

  async purgeChallenges(): Promise<number> {
    const rows = await this.db
      .delete(twoFactorChallenges)
      .where(lte(twoFactorChallenges.expiresAt, sql`now()`))
      .returning({ hash: twoFactorChallenges.challengeHash });
    return rows.length;
  }
}
