import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { Comment, CommentTextInput, PageQuery } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText, notificationText } from '../../common/html';
import { BoardAccess, type Access } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { CommentsRepository } from './comments.repository';

export const NOT_THE_AUTHOR = 'Only the author of a comment can change it.';

/**
 * Comments on cards. Text is stored verbatim and never put into activity HTML: descriptions
 * name the card only, and notifications are plain text.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  async list(cardId: string, user: AuthUser, page: PageQuery): Promise<Comment[]> {
    await this.access.require(user, { cardId }, 'member');
    return this.comments.forCard(
      cardId,
      user.id,
      page.limit,
      page.before ? new Date(page.before) : undefined,
    );
  }

  async create(cardId: string, user: AuthUser, input: CommentTextInput): Promise<Comment> {
    const card = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(card.boardId, user, async (tx) => {
      const comment = await this.comments.create(
        { boardId: card.boardId, cardId, userId: user.id, text: input.text },
        tx,
      );
      const recipients = await this.comments.recipients(card.boardId, user.id, tx);
      const notice = notificationText('commented', { actor: comment.userId.name, card: card.title });
      return {
        result: comment,
        event: { type: 'comment.created', payload: comment },
        activity: {
          actionType: 'CREATE_COMMENT',
          ...activityText('comment.created', { card: card.title }),
        },
        notifications: recipients.map((userId) => ({ userId, ...notice, boardId: card.boardId })),
      };
    });
  }

  async update(commentId: string, user: AuthUser, input: CommentTextInput): Promise<Comment> {
    const before = await this.loadOwn(commentId, user);
    return this.changes.run(before.boardId, user, async (tx) => {
      const comment = await this.comments.update(commentId, input.text, tx);
      if (!comment) throw new NotFoundException('Comment not found');
      return {
        result: comment,
        event: { type: 'comment.updated', payload: comment },
        activity: {
          actionType: 'UPDATE_COMMENT',
          ...activityText('comment.edited', { card: before.cardTitle }),
        },
      };
    });
  }

  async delete(commentId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const comment = await this.loadOwn(commentId, user);
    return this.changes.run(comment.boardId, user, async (tx) => {
      if (!(await this.comments.delete(commentId, tx))) throw new NotFoundException('Comment not found');
      return {
        result: { message: 'Comment deleted', _id: commentId },
        event: { type: 'comment.deleted', payload: { _id: commentId, cardId: comment.cardId } },
        activity: {
          actionType: 'DELETE_COMMENT',
          ...activityText('comment.deleted', { card: comment.cardTitle }),
        },
      };
    });
  }

  /** The caller's own comment: members of its board only, then the author only. */
  private async loadOwn(commentId: string, user: AuthUser): Promise<Access<{ commentId: string }>> {
    const comment = await this.access.require(user, { commentId }, 'member');
    if (comment.authorId !== user.id) throw new ForbiddenException(NOT_THE_AUTHOR);
    return comment;
  }
}
