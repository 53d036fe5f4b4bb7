import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { boards, cardMembers, cards, dueReminders, users } from '../../database/schema';

export type ReminderKind = 'soon' | 'overdue';

/** A reminder that is due: the card, its due time, and who is told (its members, else the owner). */
export interface DueReminder {
  cardId: string;
  boardId: string;
  title: string;
  dueAt: Date;
  kind: ReminderKind;
  recipients: { id: string; name: string; email: string }[];
}

const DAY = sql`interval '24 hours'`;

@Injectable()
export class RemindersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * The reminders due at `now` that nobody sent yet: "due in 24 hours" for an open card due
   * within the next day, "overdue" once its time has passed. Uses the partial index on due_at.
   */
  async due(now: Date, limit = 200): Promise<DueReminder[]> {
    const result = (await this.db.execute(sql`
      with candidates as (
        select c.id, c.board_id, c.title, c.due_at,
          case when c.due_at > ${now} then 'soon' else 'overdue' end as kind
        from ${cards} c
        where c.due_at is not null and not c.due_complete and not c.is_archived
          and c.due_at <= ${now}::timestamptz + ${DAY}
      )
      select k.id as card_id, k.board_id, k.title, k.due_at, k.kind,
        coalesce(
          (select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email)
                           order by m.created_at, u.id)
           from ${cardMembers} m join ${users} u on u.id = m.user_id where m.card_id = k.id),
          (select json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email))
           from ${boards} b join ${users} u on u.id = b.owner_id where b.id = k.board_id),
          '[]'::json
        )::text as recipients
      from candidates k
      where not exists (
        select 1 from ${dueReminders} r
        where r.card_id = k.id and r.due_at = k.due_at and r.kind = k.kind
      )
      order by k.due_at
      limit ${limit}`)) as unknown as {
      rows: {
        card_id: string;
        board_id: string;
        title: string;
        due_at: string | Date;
        kind: ReminderKind;
        recipients: string;
      }[];
    };
    return result.rows.map((r) => ({
      cardId: r.card_id,
      boardId: r.board_id,
      title: r.title,
      dueAt: new Date(r.due_at),
      kind: r.kind,
      recipients: JSON.parse(r.recipients) as DueReminder['recipients'],
    }));
  }

  /**
   * Takes the reminder for this instance: only the one insert that lands sends it, whichever
   * instance looked, so it goes out once per card, due time and kind.
   */
  async claim(reminder: Pick<DueReminder, 'cardId' | 'dueAt' | 'kind'>, tx: Executor): Promise<boolean> {
    const rows = await tx
      .insert(dueReminders)
      .values({ cardId: reminder.cardId, dueAt: reminder.dueAt, kind: reminder.kind })
      .onConflictDoNothing()
      .returning({ cardId: dueReminders.cardId });
    return rows.length > 0;
  }
}
