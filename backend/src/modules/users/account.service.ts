import {
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { profileUpdateSchema, type BlockedUser, type ChangePasswordInput, type User } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { users } from '../../database/schema';
import { DomainEvents } from '../board-changes/domain-events';
import { SessionsRepository } from '../sessions/sessions.repository';
import { TokenService } from '../sessions/token.service';
import { UploadsService } from '../uploads/uploads.service';
import { BlockedUsersRepository } from './blocked-users.repository';
import { PasswordHasher } from './password-hasher';
import type { ProfileForm } from './profile-form';
import { toUserView } from './user.view';
import { UsersRepository } from './users.repository';

const validateProfile = new ZodValidationPipe(profileUpdateSchema);

/** The signed-in user's own account: profile, password, blocking and deletion. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: UsersRepository,
    private readonly blocked: BlockedUsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly tokens: TokenService,
    private readonly hasher: PasswordHasher,
    private readonly uploads: UploadsService,
    private readonly events: DomainEvents,
  ) {}

  async me(user: AuthUser): Promise<User> {
    return toUserView(await this.load(user.id));
  }

  /** Answers the updated user and a fresh token (same login session) carrying the new fields. */
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
    return { user: toUserView(updated!), token: await this.tokens.sign(updated!, user.sid) };
  }

  async changePassword(user: AuthUser, input: ChangePasswordInput): Promise<{ message: string }> {
    const row = await this.load(user.id);
    if (row.provider !== 'local' || !row.passwordHash) {
      throw new BadRequestException('Password can only be changed for e-mail accounts');
    }
    // 400, not 401: a wrong current password must not end the session in the browser.
    if (!(await this.hasher.verify(row.passwordHash, input.currentPassword))) {
      throw new BadRequestException('currentPassword: is incorrect');
    }
    const passwordHash = await this.hasher.hash(input.newPassword);
    await this.db.transaction(async (tx) => {
      await this.users.update(user.id, { passwordHash }, tx);
      await this.sessions.deleteOthers(user.id, user.sid, tx);
    });
    this.events.publishSessionsEnded({ userId: user.id, keepSid: user.sid });
    return { message: 'Password updated successfully!' };
  }

  async block(user: AuthUser, targetId: string): Promise<{ message: string }> {
    if (targetId === user.id) throw new BadRequestException('userIdToBlock: you cannot block yourself');
    if (!(await this.users.findById(targetId))) throw new NotFoundException('User not found');
    await this.blocked.block(user.id, targetId);
    return { message: 'User has been blocked.' };
  }

  async unblock(user: AuthUser, targetId: string): Promise<{ message: string }> {
    if (!(await this.blocked.unblock(user.id, targetId))) throw new NotFoundException('User is not blocked');
    return { message: 'User has been unblocked.' };
  }

  listBlocked(user: AuthUser): Promise<BlockedUser[]> {
    return this.blocked.listFor(user.id);
  }

  /**
   * Deletes a user: their boards go with everything in them, memberships, pins, sessions and
   * notifications with the user; comments on other people's boards stay, shown as 'Deleted user'.
   */
  async deleteUser(userId: string): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) throw new NotFoundException('User not found');
    await this.db.delete(users).where(eq(users.id, userId));
    this.events.publishSessionsEnded({ userId });
    this.events.publishUserChange({ type: 'deleted', userId });
    await this.uploads.remove(row.profilePictureUrl);
  }

  private async load(userId: string) {
    const row = await this.users.findById(userId);
    if (!row) throw new UnauthorizedException('Session has ended; please log in again');
    return row;
  }
}
