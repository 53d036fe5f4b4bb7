import { Injectable } from '@nestjs/common';
import type { ActionType, UserRef } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import type { ActivityText, NotificationText } from '../../common/html';
import { BoardChanges } from '../board-changes/board-changes.service';
import { InvitationsRepository } from './invitations.repository';
import { MembersRepository } from './members.repository';

/** Thrown inside a board change that turned out to change nothing: it rolls the version bump back. */
export class NothingChanged extends Error {}

export interface MemberAddition extends ActivityText {
  actionType: ActionType;
  /** Told about it, unless that is the actor themselves. */
  notify?: { userId: string } & NotificationText;
}

/** Adding a member, shared by invitations, joins and invitations applied at registration. */
@Injectable()
export class MemberChanges {
  constructor(
    private readonly changes: BoardChanges,
    private readonly members: MembersRepository,
    private readonly invitations: InvitationsRepository,
  ) {}

  /** One board change; answers false (and changes nothing) when the user already was a member. */
  add(boardId: string, actor: AuthUser, member: UserRef, how: MemberAddition): Promise<boolean> {
    return this.unlessUnchanged(() =>
      this.changes.run(boardId, actor, async (tx) => {
        // Checked under the board lock, so two racing joins write one activity, not two.
        if (!(await this.members.add(boardId, member._id, tx))) throw new NothingChanged();
        await this.invitations.delete(boardId, member.email.toLowerCase(), tx);
        await this.members.forgetRemoval(boardId, member._id, tx);
        const notify = how.notify && how.notify.userId !== actor.id ? [{ ...how.notify, boardId }] : [];
        return {
          result: null,
          event: { type: 'member.added', payload: member },
          activity: {
            actionType: how.actionType,
            template: how.template,
            params: how.params,
            description: how.description,
          },
          notifications: notify,
        };
      }),
    );
  }

  /** Runs a board change; answers false when it threw NothingChanged. */
  async unlessUnchanged(change: () => Promise<unknown>): Promise<boolean> {
    try {
      await change();
      return true;
    } catch (err) {
      if (err instanceof NothingChanged) return false;
      throw err;
    }
  }
}
