import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { InviteMemberResult, JoinBoardResult, RemoveMemberResult, UserRef } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { addressProven } from '../../common/proven-address';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText, notificationText } from '../../common/html';
import { assertRole, BoardAccess, type BoardAccessInfo } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { toUserRef } from '../boards/board-read.repository';
import { UsersRepository, type UserRow } from '../users/users.repository';
import { InvitationsRepository } from './invitations.repository';
import { MemberChanges, NothingChanged } from './member-changes';
import { MembersRepository } from './members.repository';

export const CANNOT_INVITE = 'This user cannot be invited to this board.';
export const CANNOT_JOIN = 'You cannot join this board.';
export const INVITATION_ONLY = 'This board can only be joined by invitation.';
export const OWNER_NOT_REMOVABLE = 'The board owner cannot be removed.';

/**
 * Membership (docs/api.md, "Members"): invitations by the owner, joining by link or invitation,
 * removal.
 */
@Injectable()
export class MembersService {
  private readonly logger = new Logger(MembersService.name);

  constructor(
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly memberChanges: MemberChanges,
    private readonly members: MembersRepository,
    private readonly invitations: InvitationsRepository,
    private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The owner invites: an existing user becomes a member at once, an unknown e-mail is kept as a
   * pending invitation. Anyone else may only "invite" their own e-mail (the auto-join:
   * docs/product.md, "States and transitions"), which is a join and allowed exactly where joining is.
   */
  async invite(boardId: string, user: AuthUser, email: string): Promise<InviteMemberResult> {
    const board = await this.access.find(boardId, user);
    const message = `Invitation sent to ${email}`;
    if (!board.isOwner) {
      // Throws for everyone but the owner: a non-owner may only invite themselves.
      if (email !== user.email.toLowerCase()) assertRole(board, 'owner');
      const { member } = await this.joinBoard(board, user);
      return { message, member };
    }
    const invitee = await this.users.findByEmail(email);
    if (invitee && (await this.members.blockedBetween(user.id, invitee.id))) {
      throw new ForbiddenException(CANNOT_INVITE);
    }
    // An account that has not proven its address waits like an address without one
    // (docs/decisions.md, "Proven addresses").
    if (!invitee || !this.provenEnough(invitee)) {
      await this.invitePending(board, user, email);
      return { message, pending: true };
    }
    const member = toUserRef(invitee);
    await this.memberChanges.add(board.id, user, member, {
      actionType: 'ADD_MEMBER',
      ...activityText('member.added', { member: member.name }),
      notify: {
        userId: member._id,
        ...notificationText('addedYou', { actor: user.name, board: board.title }),
      },
    });
    return { message, member };
  }

  /** Link joining (on by default) or a pending invitation lets any signed-in user in. */
  async join(boardId: string, user: AuthUser): Promise<JoinBoardResult> {
    return this.joinBoard(await this.access.find(boardId, user), user);
  }

  async remove(boardId: string, user: AuthUser, userId: string): Promise<RemoveMemberResult> {
    const { board } = await this.access.require(user, { boardId }, 'owner');
    if (userId === board.ownerId) throw new BadRequestException(OWNER_NOT_REMOVABLE);
    const member = await this.members.find(boardId, userId);
    if (!member) throw new NotFoundException('This user is not a member of this board.');
    await this.changes.run(boardId, user, async (tx) => {
      if (!(await this.members.remove(boardId, userId, tx)))
        throw new NotFoundException('This user is not a member of this board.');
      await this.members.markRemoved(boardId, userId, tx);
      return {
        result: null,
        event: { type: 'member.removed', payload: { userId } },
        activity: {
          actionType: 'REMOVE_MEMBER',
          ...activityText('member.removed', { member: member.name }),
        },
      };
    });
    return { message: 'Member removed', _id: userId };
  }

  /**
   * Right after registration: every board the new e-mail was invited to takes the user in at once,
   * as the inviter's change. One board failing never fails the registration.
   */
  async applyPendingInvitations(userId: string, email: string): Promise<void> {
    const pending = await this.invitations.pendingFor(email.toLowerCase());
    if (!pending.length) return;
    const newcomer = await this.users.findById(userId);
    if (!newcomer) return;
    const member = toUserRef(newcomer);
    for (const { boardId, boardTitle, inviter } of pending) {
      const actor = asActor(inviter ?? newcomer);
      await this.memberChanges
        .add(boardId, actor, member, {
          actionType: 'ADD_MEMBER',
          ...(inviter
            ? activityText('member.added', { member: member.name })
            : activityText('member.joinedByInvitation', {})),
          notify: { userId, ...notificationText('addedYou', { actor: actor.name, board: boardTitle }) },
        })
        .catch((err: unknown) =>
          this.logger.error(`Invitation to board ${boardId} not applied: ${String(err)}`),
        );
    }
  }

  private async joinBoard(board: BoardAccessInfo, user: AuthUser): Promise<JoinBoardResult> {
    const me = await this.userRef(user.id);
    if (board.isMember) return { message: 'You are a member of this board.', member: me };
    if (await this.members.hasBlocked(board.ownerId, user.id)) throw new ForbiddenException(CANNOT_JOIN);
    // An invitation to an address counts for the account that proved it (where that is required).
    const invited = this.provenEnough(user) && (await this.invitations.exists(board.id, me.email));
    // Removed by the owner: back only by a new invitation, never by the link.
    if (!invited && (await this.members.wasRemoved(board.id, user.id)))
      throw new ForbiddenException(CANNOT_JOIN);
    if (!board.linkJoining && !invited) throw new ForbiddenException(INVITATION_ONLY);
    await this.memberChanges.add(board.id, user, me, {
      actionType: 'JOIN_BOARD',
      ...activityText('member.joined', {}),
      notify: {
        userId: board.ownerId,
        ...notificationText('joinedYourBoard', { actor: me.name, board: board.title }),
      },
    });
    return { message: 'You joined the board.', member: me };
  }

  /** Whether invitations may reach this account now (REQUIRE_VERIFIED_EMAIL). */
  private provenEnough(user: Pick<UserRow, 'emailVerified'>): boolean {
    return addressProven(user, this.config.mail);
  }

  private async invitePending(board: BoardAccessInfo, user: AuthUser, email: string): Promise<void> {
    await this.memberChanges.unlessUnchanged(() =>
      this.changes.run(board.id, user, async (tx) => {
        if (!(await this.invitations.insert(board.id, email, user.id, tx))) throw new NothingChanged();
        return {
          result: null,
          event: { type: 'member.invited', payload: { email } },
          activity: { actionType: 'INVITE_MEMBER', ...activityText('member.invited', { email }) },
        };
      }),
    );
  }

  private async userRef(userId: string): Promise<UserRef> {
    const row = await this.users.findById(userId);
    if (!row) throw new NotFoundException('User not found');
    return toUserRef(row);
  }
}

/** A user acting outside any request (no login session), for a change made on their behalf. */
function asActor(row: UserRow): AuthUser {
  return {
    id: row.id,
    sid: '',
    role: row.role,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
  };
}
