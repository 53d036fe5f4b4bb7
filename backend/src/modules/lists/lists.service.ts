import { positionAfter } from '@papan/shared';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { CreateListInput, List, Undoable, UpdateListInput } from '@papan/shared';
import { requireRevision } from '../../common/revisions/revision-conflict';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardReadRepository } from '../boards/board-read.repository';
import { BoardChanges } from '../board-changes/board-changes.service';
import { CardReadRepository } from '../cards/card-read.repository';
import { UndoEntries } from '../undo/undo-entries';
import { ListsRepository, toList } from './lists.repository';
import { overSoftLimit, wipExceeded } from './wip-limits';

const listNotFound = () => new NotFoundException('List not found');

/**
 * Lists: members of the board may read, create, rename and delete them (docs/product.md,
 * "Roles and permissions").
 */
@Injectable()
export class ListsService {
  constructor(
    private readonly lists: ListsRepository,
    private readonly boardReads: BoardReadRepository,
    private readonly cardReads: CardReadRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly undo: UndoEntries,
  ) {}

  /** The board's lists in order, each with its cards exactly as the whole-board read has them. */
  async ofBoard(boardId: string, user: AuthUser): Promise<List[]> {
    await this.access.require(user, { boardId }, 'member');
    return (await this.boardReads.content(boardId)).lists;
  }

  /** A new list at the end of the board. */
  async create(boardId: string, user: AuthUser, input: CreateListInput): Promise<List> {
    await this.access.require(user, { boardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const position = positionAfter(await this.lists.lastPosition(boardId, tx));
      const list = toList(await this.lists.insert({ boardId, title: input.title, position }, tx), []);
      return {
        result: list,
        event: { type: 'list.created', payload: list },
        activity: { actionType: 'CREATE_LIST', ...activityText('list.created', { list: list.title }) },
      };
    });
  }

  /**
   * Renames the list, sets its stage of the flow (docs/insights.md, "Stages") or its WIP limit and
   * mode (docs/lanes.md). A soft limit set below the list's count passes it: `list.wipExceeded`.
   */
  async update(listId: string, user: AuthUser, input: UpdateListInput, expected?: number): Promise<List> {
    const { boardId } = await this.access.require(user, { listId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const before = (await this.lists.find(listId, tx)) ?? throwIt(listNotFound());
      await requireRevision('list', expected, before.revision, async () =>
        toList(before, (await this.cardReads.cardsOfLists([listId], tx)).get(listId)!),
      );
      const row = (await this.lists.update(listId, input, tx))!;
      const list = toList(row, (await this.cardReads.cardsOfLists([listId], tx)).get(listId)!);
      const { _id, title, position, stage, wipLimit, wipMode, revision } = list;
      const count = list.cards.filter((card) => !card.isTemplate).length;
      return {
        result: list,
        event: {
          type: 'list.updated',
          payload: { _id, title, position, stage, wipLimit, wipMode, revision },
        },
        // Passed by this change only if the list was not over its limit as it stood before.
        also: overSoftLimit(before, count) ? [] : wipExceeded(row, 0, count),
        activity:
          before.title === row.title
            ? undefined
            : {
                actionType: 'UPDATE_LIST',
                ...activityText('list.renamed', { from: before.title, to: row.title }),
              },
      };
    });
  }

  /** Deletes the list with all its cards. */
  async remove(listId: string, user: AuthUser): Promise<Undoable<{ message: string; _id: string }>> {
    const { boardId } = await this.access.require(user, { listId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const list = (await this.lists.find(listId, tx)) ?? throwIt(listNotFound());
      const undoToken = await this.undo.keep(
        { kind: 'list', targetId: listId, boardId, userId: user.id },
        tx,
      );
      await this.lists.delete(listId, tx);
      return {
        result: { message: 'List deleted', _id: listId, undoToken },
        event: { type: 'list.deleted', payload: { _id: listId } },
        activity: {
          actionType: 'DELETE_LIST',
          ...activityText('list.deleted', { list: list.title }),
        },
      };
    });
  }
}

function throwIt(error: Error): never {
  throw error;
}
