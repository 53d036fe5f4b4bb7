import { Inject, Injectable } from '@nestjs/common';
import { FALLBACK_LANGUAGE, type AdminInviteInput, type AdminInviteView } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { RequestMeta } from '../../common/request-meta';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor } from '../audit/audit.service';
import { newLinkSecret } from '../auth/link-secrets';
import { composeMail } from '../mail/mail-texts';
import { Mailer } from '../mail/mailer';
import { InstanceSettingsRepository } from './instance-settings.repository';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * An administrator's invitation to register (docs/api.md, "Admin settings"): a sign-up link mailed
 * to the address; only the token's SHA-256 is kept. The link lets that address register whatever
 * the registration policy says, once, for 7 days.
 */
@Injectable()
export class AdminInvitesService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: InstanceSettingsRepository,
    private readonly audit: AuditService,
    private readonly mailer: Mailer,
  ) {}

  async invite(
    actor: AuthUser,
    { email, language }: AdminInviteInput,
    meta: RequestMeta,
  ): Promise<AdminInviteView> {
    const { secret, hash } = newLinkSecret();
    const invite = await this.db.transaction(async (tx) => {
      const row = await this.settings.insertInvite(
        { tokenHash: hash, email, invitedBy: actor.id, expiresAt: new Date(Date.now() + INVITE_TTL_MS) },
        tx,
      );
      await this.audit.record(tx, {
        actor: auditActor(actor),
        ...meta,
        action: 'admin.invite.created',
        target: { type: 'invite', _id: row.id },
        details: { email },
      });
      return row;
    });
    const query = new URLSearchParams({ invite: secret, email });
    const link = `${this.config.appOrigin}/register?${query.toString()}`;
    this.mailer.send({
      to: email,
      link,
      ...composeMail('adminInvite', language ?? FALLBACK_LANGUAGE, '', link),
    });
    return { _id: invite.id, email: invite.email, expiresAt: invite.expiresAt.toISOString() };
  }
}
