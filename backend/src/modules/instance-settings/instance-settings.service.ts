import { Inject, Injectable } from '@nestjs/common';
import type { InstanceSettings, InstanceSettingsInput, PublicSettings } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { RequestMeta } from '../../common/request-meta';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor } from '../audit/audit.service';
import { InstanceSettingsRepository, type SettingsRow } from './instance-settings.repository';

const FIELDS = ['registration', 'allowedEmailDomains', 'announcement', 'requireTwoFactorForAdmins'] as const;

/**
 * The instance's settings (docs/api.md, "Admin settings"). Nothing is cached: each use reads the
 * one row, so a change on one instance holds on every instance from the next request
 * (docs/decisions.md, "Settings reach every instance").
 */
@Injectable()
export class InstanceSettingsService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: InstanceSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<InstanceSettings> {
    return toView(await this.settings.read());
  }

  /** Replaces the settings; the audit row names each field that changed, from and to. */
  async update(actor: AuthUser, input: InstanceSettingsInput, meta: RequestMeta): Promise<InstanceSettings> {
    const row = await this.db.transaction(async (tx) => {
      const before = await this.settings.lock(tx);
      const after = await this.settings.write(input, tx);
      const changed = Object.fromEntries(
        FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])).map((f) => [
          f,
          { from: before[f], to: after[f] },
        ]),
      );
      await this.audit.record(tx, {
        actor: auditActor(actor),
        ...meta,
        action: 'admin.settings.changed',
        target: { type: 'settings', _id: 'instance' },
        details: { changed, version: after.version },
      });
      return after;
    });
    return toView(row);
  }

  async publicSettings(): Promise<PublicSettings> {
    const s = await this.settings.read();
    return {
      registration: s.registration,
      announcement: s.announcement ?? null,
      sso: { enabled: this.config.oidc !== null, name: this.config.oidc?.name ?? 'Single sign-on' },
      google: { enabled: this.config.google !== null },
    };
  }
}

function toView(row: SettingsRow): InstanceSettings {
  return {
    registration: row.registration,
    allowedEmailDomains: row.allowedEmailDomains,
    announcement: row.announcement ?? null,
    requireTwoFactorForAdmins: row.requireTwoFactorForAdmins,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
