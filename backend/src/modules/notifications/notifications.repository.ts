import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Notification, NotificationTemplate } from '@papan/shared';
import type { NotificationText } from '../../common/html';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { notifications } from '../../database/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification extends NotificationText {
  userId: string;
  boardId: string | null;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    text: row.text,
    template: (row.template as NotificationTemplate | null) ?? null,
    params: row.params ?? null,
    boardId: row.boardId,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insertMany(values: NewNotification[], tx: Executor = this.db): Promise<NotificationRow[]> {
    if (!values.length) return [];
    return tx.insert(notifications).values(values).returning();
  }

  async forUser(userId: string, limit: number, before?: Date): Promise<Notification[]> {
    const mine = eq(notifications.userId, userId);
    const rows = await this.db
      .select()
      .from(notifications)
      .where(before ? and(mine, lt(notifications.createdAt, before)) : mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.map(toNotification);
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
