import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { HourlyPurge } from '../../common/hourly-purge';
import { UndoRepository } from './undo.repository';

/**
 * Ends undo windows: every few seconds, entries past their time give up their rows and the files
 * of their deleted attachments (the deletion stands); a day later the entries go.
 */
@Injectable()
export class UndoPurger extends HourlyPurge {
  protected readonly purged = 'expired undo entries';
  protected override readonly everyMs: number;

  constructor(
    private readonly repo: UndoRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.everyMs = config.undoPurgeEveryMs;
  }

  protected deleteExpired(): Promise<number> {
    return this.repo.purge();
  }
}
