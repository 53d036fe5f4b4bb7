import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { BoardSummary, CopyBoardInput } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import { BoardAccess, TOKEN_NOT_FOR_BOARD } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { boardCopyRows } from './board-copy-rows';
import { BoardCopyRepository } from './board-copy.repository';
import { BoardsRepository } from './boards.repository';

/**
 * `POST /api/boards/{id}/copy` (docs/api.md, "Templates and board copy"): any member of the source
 * board makes a new board of its lists, stages, limits, lanes, labels, fields and rules, and of the cards
 * `cards` names, in one transaction; the copier owns it and is its one member.
 */
@Injectable()
export class BoardCopyService {
  constructor(
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly copies: BoardCopyRepository,
    private readonly boards: BoardsRepository,
  ) {}

  async copy(sourceId: string, user: AuthUser, input: CopyBoardInput): Promise<BoardSummary> {
    await this.access.require(user, { boardId: sourceId }, 'member');
    // A token limited to some boards could not reach the board it made.
    if (user.token?.boardIds) throw new ForbiddenException(TOKEN_NOT_FOR_BOARD);
    return this.changes.create(user, async (tx) => {
      const source = await this.copies.source(sourceId, input.cards, user.id, tx);
      if (!source) throw new NotFoundException('Board not found');
      const board = await this.copies.write(
        boardCopyRows(source, { title: input.title, ownerId: user.id }),
        tx,
      );
      const summary = (await this.boards.summary(board.id, user.id, tx))!;
      // Nobody watches the new board yet; the event tells the rest of the server (admin counts).
      return {
        boardId: board.id,
        version: board.version,
        result: summary,
        event: { type: 'board.created', payload: summary },
        activity: {
          actionType: 'CREATE_BOARD',
          ...activityText('board.copied', { board: source.board.title }),
        },
      };
    });
  }
}
