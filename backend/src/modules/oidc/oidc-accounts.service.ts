import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { LINK_TTL_SECONDS, type OidcAuthError } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { isUniqueViolation, type Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { AuditService } from '../audit/audit.service';
import { newLinkSecret } from '../auth/link-secrets';
import { DomainEvents } from '../board-changes/domain-events';
import { RegistrationPolicy } from '../instance-settings/registration-policy';
import { MembersService } from '../members/members.service';
import { UsersRepository, type UserRow } from '../users/users.repository';
import type { OidcIdentity } from './oidc-client';
import { OidcIdentitiesRepository } from './oidc-identities.repository';

/** How an identity from the provider ends: an account, a link waiting for a password, or a refusal. */
export type OidcResolution =
  | { kind: 'user'; user: UserRow }
  | { kind: 'pending'; token: string }
  | { kind: 'refused'; error: OidcAuthError };

/**
 * Finds the Papan account of a provider's identity (docs/api.md, "Single sign-on"): by `(iss,
 * sub)`; else, when the address is free, a new account (provider `oidc`, no password, verified
 * only when the provider says `email_verified: true`); else, when the provider vouches for the
 * address, a pending link the owner makes real by signing in with their password — never a silent
 * takeover; an address the provider does not vouch for never reaches an existing account.
 */
@Injectable()
export class OidcAccountsService {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly identities: OidcIdentitiesRepository,
    private readonly users: UsersRepository,
    private readonly members: MembersService,
    private readonly events: DomainEvents,
    private readonly registration: RegistrationPolicy,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async resolve(identity: OidcIdentity, meta: RequestMeta): Promise<OidcResolution> {
    const known = await this.identities.findUser(identity.issuer, identity.subject);
    if (known) return { kind: 'user', user: known };
    if (!identity.email) return { kind: 'refused', error: 'oidc_no_email' };
    const existing = await this.users.findByEmail(identity.email);
    if (!existing) return this.create(identity, identity.email, meta);
    if (!identity.emailVerified) {
      this.logger.log(
        `Single sign-on refused: ${identity.email} is taken and the provider does not vouch for it`,
      );
      return { kind: 'refused', error: 'oidc_email_taken' };
    }
    const { secret, hash } = newLinkSecret();
    await this.identities.insertPendingLink(
      hash,
      existing.id,
      { issuer: identity.issuer, subject: identity.subject, email: identity.email },
      LINK_TTL_SECONDS.oidcPendingLink,
    );
    return { kind: 'pending', token: secret };
  }

  private async create(identity: OidcIdentity, email: string, meta: RequestMeta): Promise<OidcResolution> {
    try {
      const user = await this.db.transaction(async (tx) => {
        // The registration policy holds for single sign-on too (docs/security.md, "Registration policy").
        await this.registration.assertMayRegister(email, tx);
        const created = await this.users.insert(
          {
            name: identity.name,
            email,
            provider: 'oidc',
            passwordHash: null,
            emailVerified: identity.emailVerified,
          },
          tx,
        );
        await this.identities.link(created.id, { ...identity, email }, tx);
        await this.audit.record(tx, {
          actor: { _id: created.id, email: created.email },
          ...meta,
          action: 'account.registered',
          target: { type: 'user', _id: created.id },
          details: { provider: 'oidc', issuer: identity.issuer },
        });
        return created;
      });
      // Invitations wait for a proven address where REQUIRE_VERIFIED_EMAIL says so; the provider's
      // word is proof (docs/decisions.md, "Proven addresses").
      if (user.emailVerified || !this.config.mail.requireVerifiedEmail)
        await this.members.applyPendingInvitations(user.id, user.email);
      this.events.publish('user', { type: 'created', userId: user.id });
      return { kind: 'user', user };
    } catch (err) {
      if (err instanceof ForbiddenException) {
        this.logger.log(`Single sign-on refused by the registration policy: ${err.message}`);
        return { kind: 'refused', error: 'oidc_registration_refused' };
      }
      if (!isUniqueViolation(err)) throw err;
      // Two sign-ins of the same new person at once: the other one created the account.
      const user = await this.identities.findUser(identity.issuer, identity.subject);
      return user ? { kind: 'user', user } : { kind: 'refused', error: 'oidc_email_taken' };
    }
  }
}
