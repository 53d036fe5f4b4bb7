import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  mentionedIds,
  type Comment,
  type CommentTextInput,
  type PageQuery,
  type Undoable,
} from '@papan/shared';
import { requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText, notificationText } from '../../common/html';
import { BoardAccess, type Access } from '../board-access/board-access.service';
import { BoardChanges, type BoardChange } from '../board-changes/board-changes.service';
import type { Executor } from '../../database/database';
import { UndoEntries } from '../undo/undo-entries';
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
    private readonly undo: UndoEntries,
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
    const target = { cardId, title: card.title };
    return this.changes.run(card.boardId, user, this.createWork(card.boardId, target, user.id, input));
  }

  /** A comment by `authorId` (a person's, or a rule's comment in its owner's name: docs/automation.md). */
  createWork(
    boardId: string,
    card: { cardId: string; title: string },
    authorId: string,
    input: CommentTextInput,
  ) {
    const { cardId } = card;
    return async (tx: Executor): Promise<BoardChange<Comment>> => {
      const comment = await this.comments.create({ boardId, cardId, userId: authorId, text: input.text }, tx);
      const { ownerId, people } = await this.comments.boardPeople(boardId, tx);
      const cardMembers = await this.comments.cardMemberIds(cardId, tx);
      const mentioned = mentionedIds(input.text, people);
      // The owner, the card's members and whom it mentions; not every member (docs/api.md,
      // "Activities and notifications").
      const everyone = [...new Set([ownerId, ...cardMembers, ...mentioned])];
      const recipients = await this.comments.notifiable(authorId, everyone, tx);
      const values = { actor: comment.userId.name, card: card.title };
      const said = notificationText('commented', values);
      const mention = notificationText('mention', values);
      return {
        result: comment,
        event: { type: 'comment.created', payload: comment },
        activity: {
          actionType: 'CREATE_COMMENT',
          ...activityText('comment.created', { card: card.title }),
        },
        // One notification each: a mentioned person's says so.
        notifications: recipients.map((userId) => ({
          userId,
          ...(mentioned.includes(userId) ? mention : said),
          boardId,
        })),
      };
    };
  }

  async update(
    commentId: string,
    user: AuthUser,
    input: CommentTextInput,
    expected?: number,
  ): Promise<Comment> {
    const before = await this.loadOwn(commentId, user);
    return this.changes.run(before.boardId, user, async (tx) => {
      const stored = await this.comments.stored(commentId, tx);
      if (!stored) throw new NotFoundException('Comment not found');
      await requireRevision('comment', expected, stored.revision, async () => stored);
      const previous = stored.text;
      const comment = await this.comments.update(commentId, input.text, tx);
      if (!comment) throw new NotFoundException('Comment not found');
      // An edit notifies only people it newly mentions who heard of nothing from this comment yet.
      const { ownerId, people } = await this.comments.boardPeople(before.boardId, tx);
      const cardMembers = await this.comments.cardMemberIds(before.cardId, tx);
      const heard = new Set([ownerId, ...cardMembers, ...mentionedIds(previous, people)]);
      const added = mentionedIds(input.text, people).filter((id) => !heard.has(id));
      const recipients = added.length ? await this.comments.notifiable(user.id, added, tx) : [];
      const mention = notificationText('mention', { actor: comment.userId.name, card: before.cardTitle });
      return {
        result: comment,
        event: { type: 'comment.updated', payload: comment },
        activity: {
          actionType: 'UPDATE_COMMENT',
          ...activityText('comment.edited', { card: before.cardTitle }),
        },
        notifications: recipients.map((userId) => ({ userId, ...mention, boardId: before.boardId })),
      };
    });
  }

  async delete(commentId: string, user: AuthUser): Promise<Undoable<{ message: string; _id: string }>> {
    const comment = await this.loadOwn(commentId, user);
    const { boardId } = comment;
    return this.changes.run(boardId, user, async (tx) => {
      const what = { kind: 'comment', targetId: commentId, boardId, userId: user.id } as const;
      const undoToken = await this.undo.keep(what, tx);
      if (!(await this.comments.delete(commentId, tx))) throw new NotFoundException('Comment not found');
      return {
        result: { message: 'Comment deleted', _id: commentId, undoToken },
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
