import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { HourlyPurge } from '../../common/hourly-purge';
import { AuditRepository } from './audit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** docs/security.md, "Audit log": rows older than AUDIT_RETENTION_DAYS go, at start-up and hourly. */
@Injectable()
export class AuditPurger extends HourlyPurge {
  protected readonly purged = 'old audit rows';
  protected override readonly everyMs: number;

  constructor(
    private readonly repository: AuditRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
    this.everyMs = config.audit.purgeEveryMs;
  }

  protected deleteExpired(): Promise<number> {
    return this.repository.deletePrefixBefore(
      new Date(Date.now() - this.config.audit.retentionDays * DAY_MS),
    );
  }
}
