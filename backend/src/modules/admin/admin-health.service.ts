import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { AdminHealth } from '@papan/shared';
import { DATABASE_HANDLE } from '../../database/database.module';
import type { DatabaseHandle } from '../../database/database';
import { Mailer } from '../mail/mailer';
import { InstanceRoster } from '../realtime/instance-roster';
import { AdminHealthRepository } from './admin-health.repository';

/** The backend's package version, read once (src/ and dist/ sit at the same depth). */
const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string }
).version;

/** GET /api/admin/health (docs/operations.md, "Admin health"). */
@Injectable()
export class AdminHealthService {
  constructor(
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
    private readonly repository: AdminHealthRepository,
    private readonly mailer: Mailer,
    private readonly roster: InstanceRoster,
  ) {}

  async health(): Promise<AdminHealth> {
    const [db, instances] = await Promise.all([this.repository.read(), this.roster.list()]);
    return {
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - this.roster.startedAt.getTime()) / 1000),
      database: { kind: this.database.kind, sizeBytes: db.sizeBytes },
      eventLogRows: db.eventLogRows,
      mail: this.mailer.counts(),
      webhooks: { active: db.active, failing: db.failing },
      instances,
    };
  }
}
