import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';

@Injectable()
export class HealthRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Resolves once the database answers a trivial query. */
  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }
}
