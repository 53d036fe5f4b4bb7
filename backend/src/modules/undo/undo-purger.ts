import { Injectable } from '@nestjs/common';
import { HourlyPurge } from '../../common/hourly-purge';
import { UndoRepository } from './undo.repository';

/**
 * Ends undo windows: every few seconds, entries past their time give up their rows and the files
 * of their deleted attachments (the deletion stands); a day later the entries go.
 */
@Injectable()
export class UndoPurger extends HourlyPurge {
  protected readonly purged = 'expired undo entries';
  protected override readonly everyMs = 5_000;

  constructor(private readonly repo: UndoRepository) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    return this.repo.purge();
  }
}
