import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { LINK_TTL_SECONDS, type Language, type User, type VerifyEmailResult } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { MembersService } from '../members/members.service';
import { UsersRepository, type UserRow } from '../users/users.repository';
import { toUserView } from '../users/user.view';
import { EmailLinks } from './email-links';
import { EmailTokensRepository } from './email-tokens.repository';
import { hashLinkSecret } from './link-secrets';
import { MailRateLimiter } from './mail-rate-limiter';
import { DomainEvents } from '../board-changes/domain-events';

export const LINK_INVALID = 'This link is invalid or has expired.';

/**
 * Proving that an address belongs to the account that claims it (docs/decisions.md,
 * "Proven addresses").
 */
@Injectable()
export class EmailVerificationService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly links: EmailLinks,
    private readonly limiter: MailRateLimiter,
    private readonly members: MembersService,
    private readonly events: DomainEvents,
  ) {}

  /** Right after registration: the first link. */
  sendFirstLink(user: UserRow, language?: Language): Promise<void> {
    return this.links.send(user, 'verify', LINK_TTL_SECONDS.verifyEmail, language);
  }

  async resend(caller: AuthUser, language: Language | undefined, ip: string): Promise<{ message: string }> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new BadRequestException('User not found');
    if (user.emailVerified) throw new ConflictException('Your email address is already verified.');
    await this.limiter.consume(user.email, ip);
    await this.links.send(user, 'verify', LINK_TTL_SECONDS.verifyEmail, language);
    return { message: `We sent a new verification link to ${user.email}.` };
  }

  async verify(token: string): Promise<VerifyEmailResult> {
    const used = await this.tokens.consume(hashLinkSecret(token), 'verify');
    const user = used && (await this.users.findById(used.userId));
    // A link proves the address it was sent to, never one the account has since taken.
    if (!user || user.email !== used.email) throw new BadRequestException(LINK_INVALID);
    return { message: 'Your email address is verified.', user: await this.markVerified(user) };
  }

  /**
   * The address is proven (a link, Google, a password reset or an administrator): the account is
   * verified and the invitations that waited for it apply.
   */
  async markVerified(user: UserRow): Promise<User> {
    const row = user.emailVerified ? user : await this.users.update(user.id, { emailVerified: true });
    if (!row) throw new BadRequestException('User not found');
    // What requests know of the caller changed (LiveSessions).
    if (!user.emailVerified) await this.events.publish('user', { type: 'updated', userId: row.id });
    await this.tokens.deleteFor(user.id, 'verify');
    if (!user.emailVerified) await this.members.applyPendingInvitations(row.id, row.email);
    return toUserView(row);
  }
}
