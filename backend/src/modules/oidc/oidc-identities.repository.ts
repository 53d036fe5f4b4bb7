import { Inject, Injectable } from '@nestjs/common';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { oidcIdentities, oidcPendingLinks, users } from '../../database/schema';
import type { UserRow } from '../users/users.repository';

export interface OidcSubject {
  issuer: string;
  subject: string;
  email: string | null;
}

/** Accounts linked to the OpenID provider by its `(iss, sub)`, and the links waiting for a password. */
@Injectable()
export class OidcIdentitiesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findUser(issuer: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(oidcIdentities)
      .innerJoin(users, eq(users.id, oidcIdentities.userId))
      .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
    return row?.user;
  }

  /** False when that `(iss, sub)` is linked already (to anyone). */
  async link(userId: string, who: OidcSubject, tx: Executor = this.db): Promise<boolean> {
    const rows = await tx
      .insert(oidcIdentities)
      .values({ userId, issuer: who.issuer, subject: who.subject, email: who.email })
      .onConflictDoNothing()
      .returning({ userId: oidcIdentities.userId });
    return rows.length > 0;
  }

  async insertPendingLink(
    tokenHash: string,
    userId: string,
    who: OidcSubject,
    ttlSeconds: number,
  ): Promise<void> {
    await this.db.insert(oidcPendingLinks).values({
      tokenHash,
      userId,
      issuer: who.issuer,
      subject: who.subject,
      email: who.email,
      expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
    });
  }

  /** Uses up the live pending link of this token when it is `userId`'s; answers what it links. */
  async takePendingLink(tokenHash: string, userId: string, tx: Executor): Promise<OidcSubject | undefined> {
    const [row] = await tx
      .delete(oidcPendingLinks)
      .where(
        and(
          eq(oidcPendingLinks.tokenHash, tokenHash),
          eq(oidcPendingLinks.userId, userId),
          gt(oidcPendingLinks.expiresAt, sql`now()`),
        ),
      )
      .returning();
    return row ? { issuer: row.issuer, subject: row.subject, email: row.email } : undefined;
  }

  async purgePendingLinks(): Promise<number> {
    const rows = await this.db
      .delete(oidcPendingLinks)
      .where(lte(oidcPendingLinks.expiresAt, sql`now()`))
      .returning({ hash: oidcPendingLinks.tokenHash });
    return rows.length;
  }
}
