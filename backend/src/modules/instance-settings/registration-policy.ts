import { ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '../../database/database.module';
import type { Database, Executor } from '../../database/database';
import { hashLinkSecret } from '../auth/link-secrets';
import { InstanceSettingsRepository } from './instance-settings.repository';

export const REGISTRATION_CLOSED = 'Registration is closed on this server.';
export const REGISTRATION_INVITE_ONLY =
  'Registration is by invitation only: ask a board owner or an administrator to invite this address.';
export const registrationDomainRefused = (domains: string[]) =>
  `Registration is open only to addresses at ${domains.join(', ')}.`;

/**
 * Who may create an account (docs/security.md, "Registration policy"), asked by every path that
 * creates one: password registration, Google and OIDC sign-in. `closed`: nobody; `invite`: only an
 * address invited to a board or by an administrator; `allowedEmailDomains`: only those domains.
 * An administrator's invitation (its link's token) lets its address in whatever the policy says.
 */
@Injectable()
export class RegistrationPolicy {
  constructor(
    private readonly settings: InstanceSettingsRepository,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /**
   * Throws 403 with the reason (and a `code`) when `email` may not register now. With the token of
   * an administrator's invitation for that address, uses it up — inside `tx`, so it is used only if
   * the account is created.
   */
  async assertMayRegister(email: string, tx: Executor = this.db, inviteToken?: string): Promise<void> {
    const address = email.trim().toLowerCase();
    if (inviteToken && (await this.settings.useInvite(address, hashLinkSecret(inviteToken), tx))) return;
    const s = await this.settings.read(tx);
    if (s.registration === 'closed') {
      throw new ForbiddenException({ message: REGISTRATION_CLOSED, code: 'registration_closed' });
    }
    const domain = address.slice(address.lastIndexOf('@') + 1);
    if (s.allowedEmailDomains.length && !s.allowedEmailDomains.includes(domain)) {
      throw new ForbiddenException({
        message: registrationDomainRefused(s.allowedEmailDomains),
        code: 'registration_domain_refused',
      });
    }
    if (s.registration === 'invite' && !(await this.settings.hasBoardInvitation(address, tx))) {
      throw new ForbiddenException({ message: REGISTRATION_INVITE_ONLY, code: 'registration_invite_only' });
    }
  }
}
