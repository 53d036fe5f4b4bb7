import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { users } from '../../database/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async findById(id: string, tx: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string, tx: Executor = this.db): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.email, email));
    return row;
  }

  async insert(values: NewUserRow, tx: Executor = this.db): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row;
  }

  /**
   * The ids of every ADMIN, locked until the transaction ends: administrators leaving or demoting
   * each other at once take turns, and the second sees what the first left.
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

  /**
   * Deletes the user; the database cascades their boards (with everything in them), memberships,
   * pins, sessions and notifications, and keeps their comments elsewhere without an author.
   */
  async delete(id: string, tx: Executor = this.db): Promise<void> {
    await tx.delete(users).where(eq(users.id, id));
  }

  async update(
    id: string,
    values: Partial<NewUserRow>,
    tx: Executor = this.db,
  ): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
