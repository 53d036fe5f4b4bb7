import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { LIMITS, type GoogleAuthError } from '@papan/shared';
import type { Profile } from 'passport-google-oauth20';
import { isUniqueViolation, type Database } from '../../database/database';
import { DATABASE } from '../../database/database.module';
import { CredentialRevocation } from '../account-reclaim/credential-revocation';
import { AuditService } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { DomainEvents } from '../board-changes/domain-events';
import { RegistrationPolicy } from '../instance-settings/registration-policy';
import { MembersService } from '../members/members.service';
import { UsersRepository, type UserRow } from '../users/users.repository';
import { EmailTokensRepository } from './email-tokens.repository';
import { GoogleUsersRepository } from './google-users.repository';

/** What Papan takes from a Google profile. */
export interface GoogleIdentity {
  googleId: string;
  /** Lower-cased; null when Google gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string;
}

export function identityOf(profile: Profile): GoogleIdentity {
  const json = (profile._json ?? {}) as { email?: unknown; email_verified?: unknown };
  const rawEmail = typeof json.email === 'string' ? json.email : profile.emails?.[0]?.value;
  const email = rawEmail?.trim().toLowerCase() || null;
  // Google's userinfo says true; some of its older endpoints said "true".
  const verified = json.email_verified ?? profile.emails?.[0]?.verified;
  const name = profile.displayName?.trim() || email?.split('@')[0] || 'User';
  return {
    googleId: profile.id,
    email,
    emailVerified: verified === true || verified === 'true',
    name: name.slice(0, LIMITS.name),
  };
}

/**
 * Finds the Papan account of a Google identity: by Google id; else by e-mail, only when Google has
 * verified that e-mail — linking a verified account (it keeps its provider and password,
 * Trello-like), taking over an unverified one; else a new account with provider google, verified,
 * and no password. An unverified e-mail neither links nor
 * creates: whoever controls a Google account must not take over, or squat, someone's address.
 */
@Injectable()
export class GoogleAccountsService {
  private readonly logger = new Logger('GoogleAuth');

  constructor(
    private readonly users: UsersRepository,
    private readonly googleUsers: GoogleUsersRepository,
    private readonly members: MembersService,
    private readonly events: DomainEvents,
    private readonly credentials: CredentialRevocation,
    private readonly emailTokens: EmailTokensRepository,
    @Inject(DATABASE) private readonly db: Database,
    private readonly registration: RegistrationPolicy,
    private readonly audit: AuditService,
  ) {}

  async resolve(identity: GoogleIdentity): Promise<UserRow | GoogleAuthError> {
    const known = await this.googleUsers.findByGoogleId(identity.googleId);
    if (known) return known;
    if (!identity.email || !identity.emailVerified) return 'google_unverified';
    const existing = await this.users.findByEmail(identity.email);
    if (!existing) return this.create(identity, identity.email);
    return existing.emailVerified ? this.link(existing, identity) : this.takeOver(existing, identity);
  }

  /**
   * An address belongs to whoever proved it (docs/decisions.md, "Proven addresses"). Someone who
   * registered it without proving it loses the account to its Google owner: the password goes,
   * every credential it held ends (sessions and sockets, API tokens and their streams, its
   * webhooks, its invitations), the links mailed so far stop working, and the waiting invitations
   * apply.
   */
  private async takeOver(user: UserRow, identity: GoogleIdentity): Promise<UserRow | GoogleAuthError> {
    const taken = await this.db.transaction(async (tx) => {
      const row = await this.googleUsers.takeOver(user.id, identity.googleId, tx);
      if (!row) return undefined;
      const revoked = await this.credentials.revoke(user.id, tx);
      await this.emailTokens.deleteFor(user.id, 'all', tx);
      return { row, revoked };
    });
    if (!taken) {
      // Verified a moment ago by its link: link it like any verified account.
      const fresh = await this.users.findById(user.id);
      return fresh?.emailVerified ? this.link(fresh, identity) : 'google_failed';
    }
    this.logger.warn(
      `Google sign-in took over unverified account ${user.id} (its address is Google-verified)`,
    );
    await this.credentials.announce(taken.revoked);
    await this.members.applyPendingInvitations(taken.row.id, taken.row.email);
    return taken.row;
  }

  private async link(user: UserRow, identity: GoogleIdentity): Promise<UserRow | GoogleAuthError> {
    const linked = await this.googleUsers.linkGoogleId(user.id, identity.googleId);
    if (linked) return linked;
    // The account is linked to another Google account already; a second one does not replace it.
    this.logger.warn(`Google sign-in refused: user ${user.id} is linked to another Google account`);
    return 'google_failed';
  }

  private async create(identity: GoogleIdentity, email: string): Promise<UserRow | GoogleAuthError> {
    try {
      // The registration policy holds for Google too (docs/security.md, "Registration policy").
      const user = await this.db.transaction(async (tx) => {
        await this.registration.assertMayRegister(email, tx);
        const created = await this.users.insert(
          {
            name: identity.name,
            email,
            provider: 'google',
            googleId: identity.googleId,
            passwordHash: null,
            emailVerified: true,
          },
          tx,
        );
        await this.audit.record(tx, {
          actor: { _id: created.id, email: created.email },
          ...currentRequestMeta(),
          action: 'account.registered',
          target: { type: 'user', _id: created.id },
          details: { provider: 'google' },
        });
        return created;
      });
      // Someone invited before they had an account is a member of those boards at once.
      await this.members.applyPendingInvitations(user.id, user.email);
      this.events.publish('user', { type: 'created', userId: user.id });
      return user;
    } catch (err) {
      if (err instanceof ForbiddenException) {
        this.logger.log(`Google sign-in refused by the registration policy: ${err.message}`);
        return 'google_registration_refused';
      }
      if (!isUniqueViolation(err)) throw err;
      // Two sign-ins of the same new person at once: the other one created the account.
      return (await this.googleUsers.findByGoogleId(identity.googleId)) ?? 'google_failed';
    }
  }
}
