import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { LINK_TTL_SECONDS, type Language, type MessageResult } from '@papan/shared';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { CredentialRevocation } from '../account-reclaim/credential-revocation';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { PasswordHasher } from '../users/password-hasher';
import { UsersRepository } from '../users/users.repository';
import { EmailLinks } from './email-links';
import { EmailTokensRepository } from './email-tokens.repository';
import { EmailVerificationService, LINK_INVALID } from './email-verification.service';
import { hashLinkSecret } from './link-secrets';
import { MailRateLimiter } from './mail-rate-limiter';

/** The same answer whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an account exists for that address, we have sent a link to reset its password.';

/**
 * "Forgot password?" by e-mail, a single-use link valid for an hour (docs/api.md,
 * "POST /api/auth/forgot-password").
 */
@Injectable()
export class PasswordResetService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly credentials: CredentialRevocation,
    private readonly tokens: EmailTokensRepository,
    private readonly links: EmailLinks,
    private readonly audit: AuditService,
    private readonly limiter: MailRateLimiter,
    private readonly hasher: PasswordHasher,
    private readonly verification: EmailVerificationService,
  ) {}

  /** Always the same answer; the message leaves in the background, so timing tells nothing either. */
  async request(email: string, language: Language | undefined, ip: string): Promise<MessageResult> {
    const allowed = await this.limiter.allows(email, ip);
    const user = await this.users.findByEmail(email);
    if (user && allowed) await this.links.send(user, 'reset', LINK_TTL_SECONDS.resetPassword, language);
    return { message: RESET_REQUESTED };
  }

  /** Sets the password and ends every credential of the account: sessions, sockets, API tokens, webhooks. */
  async reset(token: string, password: string): Promise<MessageResult> {
    // Hashed before the token is spent: a slow hash never leaves a used link and an unchanged password.
    const passwordHash = await this.hasher.hash(password);
    const { user, revoked } = await this.db.transaction(async (tx) => {
      const used = await this.tokens.consume(hashLinkSecret(token), 'reset', tx);
      const row = used && (await this.users.findById(used.userId, tx));
      if (!row || row.email !== used.email) throw new BadRequestException(LINK_INVALID);
      // A password the owner chose by mail: the account signs in with it from now on.
      const updated = await this.users.update(row.id, { passwordHash, provider: 'local' }, tx);
      // Whoever held the account until now keeps nothing of it (docs/security.md, section 14).
      const ended = await this.credentials.revoke(row.id, tx);
      await this.tokens.deleteFor(row.id, 'reset', tx);
      await this.audit.record(tx, {
        actor: auditActor(row),
        ...currentRequestMeta(),
        action: 'auth.password.reset',
        target: { type: 'user', _id: row.id },
      });
      return { user: updated!, revoked: ended };
    });
    await this.credentials.announce(revoked);
    // The link reached the address: that proves it.
    await this.verification.markVerified(user);
    return { message: 'Your password has been reset. Please log in with your new password.' };
  }
}
