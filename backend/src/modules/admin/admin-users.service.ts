import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { Role, User } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { DATABASE } from '../../database/database.module';
import type { Database } from '../../database/database';
import { EmailVerificationService } from '../auth/email-verification.service';
import { AuditService, auditActor } from '../audit/audit.service';
import { currentRequestMeta } from '../audit/request-meta.interceptor';
import { DomainEvents } from '../board-changes/domain-events';
import { UploadsService } from '../uploads/uploads.service';
import { SessionsRepository } from '../sessions/sessions.repository';
import { LAST_ADMIN } from '../users/account.service';
import { toUserView } from '../users/user.view';
import { UsersRepository } from '../users/users.repository';
import { AdminUsersRepository } from './admin-users.repository';

/** User management for administrators: list, change roles, delete one or many. */
@Injectable()
export class AdminUsersService {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly users: AdminUsersRepository,
    private readonly accounts: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly uploads: UploadsService,
    private readonly events: DomainEvents,
    private readonly verification: EmailVerificationService,
    private readonly audit: AuditService,
  ) {}

  async list(limit: number): Promise<User[]> {
    return (await this.users.list(limit)).map(toUserView);
  }

  /**
   * The token carries the role, so a changed role ends the user's login sessions: they sign in
   * again and get a token (and an admin socket room, or none) that matches.
   */
  async changeRole(actor: AuthUser, userId: string, role: Role): Promise<User> {
    if (userId === actor.id) throw new BadRequestException('You cannot change your own role.');
    const { row, changed } = await this.db.transaction(async (tx) => {
      const admins = await this.accounts.lockAdmins(tx);
      const [target] = await this.users.findMany([userId], tx);
      if (!target) throw new NotFoundException('User not found');
      if (target.role === role) return { row: target, changed: false };
      assertAdminsRemain(actor, admins, target.role === 'ADMIN' ? [userId] : []);
      await this.sessions.deleteAll(userId, tx);
      const updated = (await this.users.setRole(userId, role, tx))!;
      await this.audit.record(tx, {
        actor: auditActor(actor),
        ...currentRequestMeta(),
        action: 'admin.user.role_changed',
        target: { type: 'user', _id: userId },
        details: { email: target.email, from: target.role, to: role },
      });
      return { row: updated, changed: true };
    });
    if (changed) await this.events.publish('sessionsEnded', { userId });
    return toUserView(row);
  }

  /** Marks the account's address verified; invitations waiting for it apply. */
  async verifyEmail(userId: string): Promise<User> {
    const [row] = await this.users.findMany([userId], this.db);
    if (!row) throw new NotFoundException('User not found');
    return this.verification.markVerified(row);
  }

  async deleteOne(actor: AuthUser, userId: string): Promise<{ message: string; _id: string }> {
    await this.deleteMany(actor, [userId]);
    return { message: 'User deleted', _id: userId };
  }

  /**
   * All or nothing, in one transaction: every id must exist, the caller may not be among them, and
   * at least one ADMIN must remain. Same effects as AccountService.deleteUser for each user (the
   * database cascades, their sessions end and sockets close, their picture goes); a transaction of
   * its own because that is what keeps the last-ADMIN rule true when two admins act at once.
   */
  async deleteMany(actor: AuthUser, userIds: string[]): Promise<{ deletedCount: number }> {
    if (userIds.includes(actor.id)) throw new BadRequestException('You cannot delete your own account here.');
    const deleted = await this.db.transaction(async (tx) => {
      const admins = await this.accounts.lockAdmins(tx);
      const found = await this.users.findMany(userIds, tx);
      if (found.length !== userIds.length) throw new NotFoundException('User not found');
      assertAdminsRemain(actor, admins, userIds);
      const gone = await this.users.deleteMany(userIds, tx);
      for (const user of found) {
        await this.audit.record(tx, {
          actor: auditActor(actor),
          ...currentRequestMeta(),
          action: 'admin.user.deleted',
          target: { type: 'user', _id: user.id },
          details: { email: user.email, role: user.role },
        });
      }
      return gone;
    });
    for (const user of deleted) {
      await this.events.publish('sessionsEnded', { userId: user.id });
      await this.events.publish('user', { type: 'deleted', userId: user.id });
      await this.uploads.remove(user.profilePictureUrl);
    }
    return { deletedCount: deleted.length };
  }
}

/**
 * Given every ADMIN (rows locked by the caller's transaction): refuses a change that leaves no ADMIN,
 * or one by a caller who is no longer an ADMIN (another administrator demoted them a moment ago).
 * Outside such races the guard's role check and the not-yourself rule already keep one ADMIN.
 */
function assertAdminsRemain(actor: AuthUser, admins: string[], losing: string[]): void {
  if (!admins.some((id) => !losing.includes(id))) {
    throw new ConflictException(LAST_ADMIN);
  }
  if (!admins.includes(actor.id)) throw new ForbiddenException('Only ADMIN users can do this.');
}
