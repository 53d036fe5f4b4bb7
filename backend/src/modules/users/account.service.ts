import { CredentialRevocation } from '../account-reclaim/credential-revocation';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { profileUpdateSchema, type BlockedUser, type ChangePassword, type User } from '@papan/shared';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { DomainEvents } from '../board-changes/domain-events';
import type { RateLimiter } from '../rate-limits/rate-limiter';
import { RateLimits } from '../rate-limits/rate-limits.service';
import { TokenService } from '../sessions/token.service';
import { UploadsService } from '../uploads/uploads.service';
import { BlockedUsersRepository } from './blocked-users.repository';
import { PasswordHasher } from './password-hasher';
import type { ProfileForm } from './profile-form';
import { toUserView } from './user.view';
import { UsersRepository } from './users.repository';

const validateProfile = new ZodValidationPipe(profileUpdateSchema);
/** One ADMIN always remains (the admin screens and self-deletion alike). */
export const LAST_ADMIN = 'The last administrator cannot be removed or demoted.';

/** The signed-in user's own account: profile, password, blocking and deletion. */
@Injectable()
export class AccountService {
  private readonly passwordGuesses: RateLimiter;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly blocked: BlockedUsersRepository,
    private readonly credentials: CredentialRevocation,
    private readonly tokens: TokenService,
    private readonly hasher: PasswordHasher,
    private readonly uploads: UploadsService,
    private readonly events: DomainEvents,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) config: AppConfig,
    limits: RateLimits,
  ) {
    const { loginPerAccount, windowSeconds } = config.rateLimit;
    // The sign-in budget per account (RATE_LIMIT_LOGIN_PER_ACCOUNT): a borrowed session cannot
    // guess the password here either.
    this.passwordGuesses = limits.limiter({
      prefix: 'password-change',
      points: loginPerAccount,
      windowSeconds,
    });
  }

  async me(user: AuthUser): Promise<User> {
    return toUserView(await this.load(user.id));
  }

  /**
   * Answers the updated user and a new token (same login session, same expiry: updating a profile
   * never extends a sign-in) carrying the new fields.
   */
  async updateProfile(user: AuthUser, form: ProfileForm): Promise<{ user: User; token: string }> {
    const input = validateProfile.transform(form.fields);
    const before = await this.load(user.id);
    const pictureUrl = form.picture ? await this.uploads.storeProfilePicture(form.picture) : undefined;
    const socialLinks = input.socialLinks
      ? Object.fromEntries(Object.entries(input.socialLinks).filter(([, v]) => v !== ''))
      : undefined;
    const updated = await this.users.update(user.id, {
      name: input.name,
      gender: input.gender,
      socialLinks,
      profilePictureUrl: pictureUrl,
    });
    if (pictureUrl) await this.uploads.remove(before.profilePictureUrl);
    // What requests know of the caller (the name) changed (LiveSessions).
    await this.events.publish('user', { type: 'updated', userId: user.id });
    return { user: toUserView(updated!), token: await this.tokens.sign(updated!, user.sid, user.exp) };
  }

  async changePassword(user: AuthUser, input: ChangePassword): Promise<{ message: string }> {
    const row = await this.load(user.id);
    if (row.provider !== 'local' || !row.passwordHash) {
      throw new BadRequestException('Password can only be changed for e-mail accounts');
    }
    // Counted before the hash is checked, like a sign-in; the right password clears the count.
    await this.passwordGuesses.consume(user.id);
    // 400, not 401: a wrong current password must not end the session in the browser.
    if (!(await this.hasher.verify(row.passwordHash, input.currentPassword))) {
      throw new BadRequestException('currentPassword: is incorrect');
    }
    await this.passwordGuesses.reset(user.id);
    const passwordHash = await this.hasher.hash(input.newPassword);
    const revoked = await this.db.transaction(async (tx) => {
      await this.users.update(user.id, { passwordHash }, tx);
      // The session asking stays signed in; by default everything else ends (docs/security.md §14).
      const ended = input.signOutEverywhere ? await this.credentials.revoke(user.id, tx, user.sid) : null;
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'auth.password.changed',
        target: { type: 'user', _id: user.id },
        details: { signOutEverywhere: input.signOutEverywhere },
      });
      return ended;
    });
    if (revoked) await this.credentials.announce(revoked);
    return { message: 'Password updated successfully!' };
  }

  async block(user: AuthUser, targetId: string): Promise<{ message: string }> {
    if (targetId === user.id) throw new BadRequestException('userIdToBlock: you cannot block yourself');
    if (!(await this.users.findById(targetId))) throw new NotFoundException('User not found');
    await this.db.transaction(async (tx) => {
      await this.blocked.block(user.id, targetId, tx);
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'user.blocked',
        target: { type: 'user', _id: targetId },
      });
    });
    return { message: 'User has been blocked.' };
  }

  async unblock(user: AuthUser, targetId: string): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      if (!(await this.blocked.unblock(user.id, targetId, tx)))
        throw new NotFoundException('User is not blocked');
      await this.audit.record(tx, {
        actor: auditActor(user),
        ...currentRequestMeta(),
        action: 'user.unblocked',
        target: { type: 'user', _id: targetId },
      });
    });
    return { message: 'User has been unblocked.' };
  }

  listBlocked(user: AuthUser): Promise<BlockedUser[]> {
    return this.blocked.listFor(user.id);
  }

  /**
   * Deletes a user: their boards go with everything in them, memberships, pins, sessions and
   * notifications with the user; comments on other people's boards stay, shown as 'Deleted user'.
   * The last ADMIN cannot leave (409).
   */
  async deleteUser(userId: string): Promise<void> {
    const row = await this.db.transaction(async (tx) => {
      const admins = await this.users.lockAdmins(tx);
      const found = await this.users.findById(userId, tx);
      if (!found) throw new NotFoundException('User not found');
      // The same rule as the admin screens (AdminUsersService): one ADMIN always remains.
      if (admins.includes(userId) && admins.length === 1) throw new ConflictException(LAST_ADMIN);
      await this.users.delete(userId, tx);
      await this.audit.record(tx, {
        actor: auditActor(found),
        ...currentRequestMeta(),
        action: 'account.deleted',
        target: { type: 'user', _id: userId },
      });
      return found;
    });
    await this.events.publish('sessionsEnded', { userId });
    await this.events.publish('user', { type: 'deleted', userId });
    await this.uploads.remove(row.profilePictureUrl);
  }

  private async load(userId: string) {
    const row = await this.users.findById(userId);
    if (!row) throw new UnauthorizedException('Session has ended; please log in again');
    return row;
  }
}
