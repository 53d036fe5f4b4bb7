import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { HourlyPurge } from '../../common/hourly-purge';
import { BoardEventsRepository } from './board-events.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * docs/decisions.md, "The board event log": a board keeps its last EVENT_LOG_MIN events and every
 * event younger than EVENT_RETENTION_DAYS; older ones go within a minute.
 */
@Injectable()
export class BoardEventsPurger extends HourlyPurge {
  protected override readonly everyMs = 60_000;
  protected readonly purged = 'old board events';

  constructor(
    private readonly events: BoardEventsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected deleteExpired(): Promise<number> {
    const { min, retentionDays } = this.config.eventLog;
    return this.events.purge(new Date(Date.now() - retentionDays * DAY_MS), min);
  }
}
