import { Injectable, NotFoundException } from '@nestjs/common';
import type { Card } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText, notificationText } from '../../common/html';
import { BoardAccess } from '../board-access/board-access.service';
import type { Executor } from '../../database/database';
import { BoardChanges, type BoardChange, type ChangeActor } from '../board-changes/board-changes.service';
import { CardMembersRepository } from './card-members.repository';
import { CardReadRepository } from './card-read.repository';

const NOT_A_BOARD_MEMBER = 'Only members of the board can be members of its cards.';

/**
 * Card members (docs/api.md, "Due dates, card members and reminders"): any board member may put a
 * board member on a card or take them off; the person put on a card by someone else is told so.
 */
@Injectable()
export class CardMembersService {
  constructor(
    private readonly members: CardMembersRepository,
    private readonly reads: CardReadRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async add(cardId: string, user: AuthUser, userId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, this.addWork(boardId, cardId, user, userId));
  }

  /** Puts a board member on the card (a person's change, or a rule's addMember). */
  addWork(boardId: string, cardId: string, user: ChangeActor, userId: string) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const card = (await this.reads.card(cardId, tx)) ?? throwIt(new NotFoundException('Card not found'));
      const member = await this.members.boardMember(boardId, userId, tx);
      if (!member) throw new NotFoundException(NOT_A_BOARD_MEMBER);
      const added = await this.members.add(cardId, userId, tx);
      const assignedSomeoneElse = added && userId !== user.id;
      return {
        result: { ...card, memberIds: added ? [...card.memberIds, userId] : card.memberIds },
        event: { type: 'card.memberAdded', payload: { cardId, userId } },
        activity: added
          ? {
              actionType: 'ADD_CARD_MEMBER',
              ...(userId === user.id
                ? activityText('card.joined', { card: card.title })
                : activityText('card.memberAdded', { member: member.name, card: card.title })),
            }
          : undefined,
        notifications: assignedSomeoneElse
          ? [{ userId, boardId, ...notificationText('assignedYou', { actor: user.name, card: card.title }) }]
          : [],
      };
    };
  }

  async remove(cardId: string, user: AuthUser, userId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, this.removeWork(boardId, cardId, user, userId));
  }

  removeWork(boardId: string, cardId: string, user: ChangeActor, userId: string) {
    return async (tx: Executor): Promise<BoardChange<Card>> => {
      const card = (await this.reads.card(cardId, tx)) ?? throwIt(new NotFoundException('Card not found'));
      const removed = await this.members.remove(cardId, userId, tx);
      const member = removed ? await this.members.boardMember(boardId, userId, tx) : undefined;
      return {
        result: { ...card, memberIds: card.memberIds.filter((id) => id !== userId) },
        event: { type: 'card.memberRemoved', payload: { cardId, userId } },
        activity: removed
          ? {
              actionType: 'REMOVE_CARD_MEMBER',
              ...(userId === user.id
                ? activityText('card.left', { card: card.title })
                : activityText('card.memberRemoved', { member: member?.name ?? '', card: card.title })),
            }
          : undefined,
      };
    };
  }
}

function throwIt(error: Error): never {
  throw error;
}
