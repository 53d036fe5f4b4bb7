import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { boardEvents, webhooks } from '../../database/schema';

/** What the admin health reads from the database, in one statement. */
@Injectable()
export class AdminHealthRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async read(): Promise<{ sizeBytes: number; eventLogRows: number; active: number; failing: number }> {
    const result = (await this.db.execute(sql`select
      pg_database_size(current_database()) as size_bytes,
      (select count(*) from ${boardEvents}) as event_rows,
      (select count(*) from ${webhooks} where ${webhooks.active}) as active,
      (select count(*) from ${webhooks} where ${webhooks.active} and ${webhooks.failures} > 0) as failing`)) as unknown as {
      rows: Record<string, string | number>[];
    };
    const row = result.rows[0];
    return {
      sizeBytes: Number(row.size_bytes),
      eventLogRows: Number(row.event_rows),
      active: Number(row.active),
      failing: Number(row.failing),
    };
  }
}
