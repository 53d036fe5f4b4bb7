import { Inject, Injectable } from '@nestjs/common';
import type { ContactInput } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { contactMessages } from '../../database/schema';

@Injectable()
export class ContactRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insert(input: ContactInput): Promise<{ id: string }> {
    const [row] = await this.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
    return row;
  }
}
