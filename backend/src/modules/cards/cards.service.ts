import { positionAfter, reposition } from '@papan/shared';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import type { Card, Checklist, CreateCardInput, UpdateCardInput, Undoable } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import type { Executor } from '../../database/database';
import { BoardAccess } from '../board-access/board-access.service';
import { toLabel } from '../labels/label.view';
import { BoardChanges } from '../board-changes/board-changes.service';
import { CardReadRepository, toCard } from './card-read.repository';
import { ListsRepository } from '../lists/lists.repository';
import { UndoEntries } from '../undo/undo-entries';
import { LanesRepository } from '../lanes/lanes.repository';
import { hasSoftLimit, wipExceeded } from '../lists/wip-limits';
import type { ListRow } from '../lists/lists.repository';
import { CardsRepository, type CardRow } from './cards.repository';

const cardNotFound = () => new NotFoundException('Card not found');
const listNotFound = () => new NotFoundException('List not found');
const labelNotFound = () => new NotFoundException('Label not found');
const notALane = () => new BadRequestException('laneId: not a lane of this board');
const COPY = 'copy';

/**
 * Cards: members of the card's board may read, create, edit, copy, delete (archive) them and
 * attach labels. Each change re-reads the card inside the board's transaction, after its lock.
 */
@Injectable()
export class CardsService {
  constructor(
    private readonly cards: CardsRepository,
    private readonly lists: ListsRepository,
    private readonly reads: CardReadRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
    private readonly undo: UndoEntries,
    private readonly lanes: LanesRepository,
  ) {}

  async ofList(listId: string, user: AuthUser): Promise<Card[]> {
    await this.access.require(user, { listId }, 'member');
    return (await this.reads.cardsOfLists([listId])).get(listId)!;
  }

  async checklists(cardId: string, user: AuthUser): Promise<Checklist[]> {
    await this.access.require(user, { cardId }, 'member');
    return (await this.reads.checklistsOf([cardId])).get(cardId) ?? [];
  }

  async create(listId: string, user: AuthUser, input: CreateCardInput): Promise<Card> {
    const { boardId } = await this.access.require(user, { listId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const list = await this.lists.find(listId, tx);
      if (!list) throw listNotFound();
      const laneId = input.laneId ?? null;
      if (laneId && !(await this.lanes.find(laneId, boardId, tx))) throw notALane();
      const position = positionAfter(await this.cards.lastPosition(listId, tx));
      const row = await this.cards.insert(
        {
          boardId,
          listId,
          laneId,
          title: input.title,
          description: input.description ?? '',
          position,
          createdBy: user.id,
        },
        tx,
      );
      const card = toCard({ ...row, attachments: [] }, [], [], []);
      return {
        result: card,
        event: { type: 'card.created', payload: card },
        activity: {
          actionType: 'CREATE_CARD',
          ...activityText('card.created', { card: card.title, list: list.title }),
        },
        also: await this.limitPassed(list, 1, tx),
      };
    });
  }

  async update(cardId: string, user: AuthUser, input: UpdateCardInput): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const before = await this.liveCard(cardId, tx);
      const { dueAt, coverAttachmentId, ...rest } = input;
      if (coverAttachmentId && !(await this.cards.imageAttachment(cardId, coverAttachmentId, tx)))
        throw new BadRequestException('coverAttachmentId: must be an image attached to this card');
      if (input.laneId && !(await this.lanes.find(input.laneId, boardId, tx))) throw notALane();
      await this.cards.update(
        cardId,
        {
          ...rest,
          ...(dueAt !== undefined ? { dueAt: dueAt === null ? null : new Date(dueAt) } : {}),
          ...(coverAttachmentId !== undefined ? { coverAttachmentId } : {}),
        },
        tx,
      );
      const card = (await this.reads.card(cardId, tx))!;
      return {
        result: card,
        event: { type: 'card.updated', payload: card },
        activity: { actionType: 'UPDATE_CARD', ...updateActivity(before, card) },
      };
    });
  }

  /**
   * Soft delete (a card is archived through the delete call: docs/product.md,
   * "States and transitions").
   */
  async remove(cardId: string, user: AuthUser): Promise<Undoable<{ message: string; _id: string }>> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const card = await this.liveCard(cardId, tx);
      const list = (await this.lists.find(card.listId, tx))!;
      const undoToken = await this.undo.keep(
        { kind: 'card', targetId: cardId, boardId, userId: user.id },
        tx,
      );
      await this.cards.archive(cardId, tx);
      return {
        result: { message: 'Card deleted', _id: cardId, undoToken },
        event: { type: 'card.deleted', payload: { _id: cardId, listId: card.listId } },
        activity: {
          actionType: 'DELETE_CARD',
          ...activityText('card.deleted', { card: card.title, list: list.title }),
        },
      };
    });
  }

  /** A copy with the same title, labels and checklists, right after the original in its list. */
  async copy(cardId: string, user: AuthUser): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const original = (await this.reads.card(cardId, tx)) ?? throwIt(cardNotFound());
      const order = await this.cards.order(original.listId, tx);
      const ids = order.map((c) => c.id);
      ids.splice(ids.indexOf(cardId) + 1, 0, COPY);
      const { changed: moved } = reposition(ids, new Map(order.map((c) => [c.id, c.position])));
      const row = await this.cards.insert(
        {
          boardId,
          listId: original.listId,
          laneId: original.laneId,
          title: original.title,
          description: original.description,
          dueAt: original.dueAt ? new Date(original.dueAt) : null,
          dueComplete: original.dueComplete,
          position: moved.get(COPY)!,
          createdBy: user.id,
        },
        tx,
      );
      moved.delete(COPY);
      await this.cards.place(
        [...moved].map(([id, position]) => ({ id, listId: original.listId, position })),
        tx,
      );
      await this.cards.copyContent(
        {
          labelIds: original.labels.map((l) => l._id),
          checklists: original.checklists,
          memberIds: original.memberIds,
        },
        { id: row.id, boardId },
        tx,
      );
      if (original.attachments.length) await this.cards.shareAttachments(cardId, row.id, tx);
      const copy = (await this.reads.card(row.id, tx))!;
      return {
        result: copy,
        event: { type: 'card.copied', payload: { ...copy, copiedFrom: cardId } },
        activity: { actionType: 'COPY_CARD', ...activityText('card.copied', { card: copy.title }) },
        also: await this.limitPassed((await this.lists.find(original.listId, tx))!, 1, tx),
      };
    });
  }

  /** Attaches a label of the card's own board; attaching it twice changes nothing. */
  async addLabel(cardId: string, user: AuthUser, labelId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const card = await this.liveCard(cardId, tx);
      const label = await this.cards.findLabel(labelId, tx);
      if (!label || label.boardId !== card.boardId) throw labelNotFound();
      const attached = await this.cards.attachLabel(cardId, labelId, tx);
      const text = activityText('card.labelAdded', { label: label.name, card: card.title });
      return {
        result: (await this.reads.card(cardId, tx))!,
        event: { type: 'card.labelAdded', payload: { cardId, label: toLabel(label) } },
        activity: attached ? { actionType: 'ADD_LABEL', ...text } : undefined,
      };
    });
  }

  async removeLabel(cardId: string, user: AuthUser, labelId: string): Promise<Card> {
    const { boardId } = await this.access.require(user, { cardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const card = await this.liveCard(cardId, tx);
      const label = await this.cards.findLabel(labelId, tx);
      if (!label || label.boardId !== card.boardId) throw labelNotFound();
      const detached = await this.cards.detachLabel(cardId, labelId, tx);
      const [name, title] = [label.name, card.title];
      const text = activityText('card.labelRemoved', { label: name, card: title });
      return {
        result: (await this.reads.card(cardId, tx))!,
        event: { type: 'card.labelRemoved', payload: { cardId, labelId } },
        activity: detached ? { actionType: 'REMOVE_LABEL', ...text } : undefined,
      };
    });
  }

  /** The `list.wipExceeded` of `entered` new cards in the list, counted after them (docs/lanes.md). */
  private async limitPassed(list: ListRow, entered: number, tx: Executor) {
    if (!hasSoftLimit(list)) return [];
    const count = await this.lists.openCount(list.id, tx);
    return wipExceeded(list, count - entered, count);
  }

  /** The card as it is inside the transaction: it may have been deleted since the access check. */
  private async liveCard(cardId: string, tx: Executor): Promise<CardRow> {
    return (await this.cards.find(cardId, tx)) ?? throwIt(cardNotFound());
  }
}

/** What a card update says in the activity feed: the most telling of what changed. */
function updateActivity(before: CardRow, card: Card) {
  if (card.title !== before.title)
    return activityText('card.renamed', { from: before.title, to: card.title });
  const dueBefore = before.dueAt?.toISOString() ?? null;
  if (card.dueAt !== dueBefore)
    return card.dueAt
      ? activityText('card.dueSet', { card: card.title, due: card.dueAt })
      : activityText('card.dueRemoved', { card: card.title });
  if (card.dueComplete !== before.dueComplete)
    return activityText(card.dueComplete ? 'card.dueCompleted' : 'card.dueReopened', { card: card.title });
  if (card.coverAttachmentId !== before.coverAttachmentId) {
    const cover = card.attachments.find((a) => a._id === card.coverAttachmentId);
    return cover
      ? activityText('card.coverSet', { file: cover.name, card: card.title })
      : activityText('card.coverRemoved', { card: card.title });
  }
  return activityText('card.updated', { card: card.title });
}

function throwIt(error: Error): never {
  throw error;
}
