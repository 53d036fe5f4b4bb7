import { reposition } from '@papan/shared';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { BoardDndInput, DndCardInput, DndResult } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { activityText } from '../../common/html';
import type { Transaction } from '../../database/database';
import type { Statement } from '../../database/statement';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges, type BoardChange } from '../board-changes/board-changes.service';
import { CardsRepository } from '../cards/cards.repository';
import { LanesRepository } from '../lanes/lanes.repository';
import { ListsRepository, type ListRow, type OrderedCard } from '../lists/lists.repository';
import { wipExceeded } from '../lists/wip-limits';

export type CardMove = Extract<BoardDndInput, { type: 'card' }>;
type ListPositions = Extract<BoardDndInput, { type: 'lists' }>['lists'];
/** The new order of one list's cards. */
interface CardOrder {
  list: ListRow;
  cardIds: string[];
}
/** A move that also changes the card's lane (docs/lanes.md). */
interface LaneMove {
  cardId: string;
  laneId: string | null;
}

export const STALE_ORDER = 'The board has changed since it was loaded; reload it and try again.';

/**
 * Drag and drop, all three calls (docs/api.md, "Drag and drop"). Each move is one board
 * transaction: the board row is locked first, then the current order is read and checked, so
 * concurrent moves serialise and never lose or duplicate a card. Answers the board event the move
 * published: the new version and only the positions that changed (re-reading whole lists inside the
 * lock made moves ~20× dearer).
 */
@Injectable()
export class DndService {
  constructor(
    private readonly lists: ListsRepository,
    private readonly cards: CardsRepository,
    private readonly lanes: LanesRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  /** Reading A: `orderedLists` is the new full order of the board's lists. */
  async orderLists(
    boardId: string,
    user: AuthUser,
    orderedIds: string[],
    field = 'orderedLists',
  ): Promise<DndResult> {
    await this.access.require(user, { boardId }, 'member');
    return this.published(boardId, user, async (tx) => {
      const rows = await this.lists.ofBoard(boardId, tx);
      const boardListIds = rows.map((r) => r.id);
      if (!sameSet(orderedIds, boardListIds))
        throw new BadRequestException(`${field}: must name every list of this board exactly once`);
      const { changed, placed } = reposition(orderedIds, new Map(rows.map((r) => [r.id, r.position])));
      const byId = new Map(rows.map((r) => [r.id, { ...r, position: changed.get(r.id) ?? r.position }]));
      const ordered = orderedIds.map((id) => byId.get(id)!);
      const moved = placed.map((id) => byId.get(id)!.title);
      const text =
        moved.length === 1
          ? activityText('list.moved', { list: moved[0] })
          : activityText('list.reordered', {});
      return {
        result: undefined,
        event: {
          type: 'lists.reordered',
          payload: { lists: ordered.map((l) => ({ _id: l.id, position: l.position })) },
        },
        activity: moved.length ? { actionType: 'MOVE_LIST', ...text } : undefined,
        alongside: writes(this.lists.placeStatement(changed)),
      };
    });
  }

  /** Reading B: lists ordered by the given position numbers (ties keep the given order). */
  orderListsByPosition(boardId: string, user: AuthUser, positions: ListPositions): Promise<DndResult> {
    const ordered = positions
      .map((l, index) => ({ ...l, index }))
      .sort((a, b) => a.position - b.position || a.index - b.index)
      .map((l) => l._id);
    return this.orderLists(boardId, user, ordered, 'lists');
  }

  /** Reading A: the new full card order of the source and destination lists. */
  async orderCards(user: AuthUser, input: DndCardInput): Promise<DndResult> {
    const { boardId, sourceList, destList } = input;
    await this.access.require(user, { boardId }, 'member');
    return this.published(boardId, user, async (tx) => {
      const given = sourceList._id === destList._id ? [destList] : [sourceList, destList];
      const orders: CardOrder[] = [];
      for (const [i, g] of given.entries()) {
        const field = given.length === 1 || i === 1 ? 'destList' : 'sourceList';
        const list = await this.lists.find(g._id, tx);
        if (!list || list.boardId !== boardId)
          throw new BadRequestException(`${field}._id: not a list of this board`);
        orders.push({ list, cardIds: g.cards });
      }
      const listIds = orders.map((o) => o.list.id);
      const current = await this.currentOrders(listIds, tx);
      const givenIds = orders.flatMap((o) => o.cardIds);
      if (new Set(givenIds).size !== givenIds.length)
        throw new BadRequestException('cards: a card is named twice');
      const currentIds = [...current.values()].flat().map((c) => c.id);
      if (!sameSet(givenIds, currentIds)) {
        const live = new Set((await this.cards.liveOfBoard(boardId, tx)).map((c) => c.id));
        if (givenIds.some((id) => !live.has(id)))
          throw new BadRequestException('cards: not a card of this board');
        throw new ConflictException(STALE_ORDER);
      }
      const titles = new Map([...current.values()].flat().map((c) => [c.id, c.title]));
      return this.applyOrders(orders, current, (id) => titles.get(id)!);
    });
  }

  /**
   * Reading B: one card to index `newPosition` (clamped) of the destination list; with `destLaneId`
   * also to that lane, `newPosition` then being its index among the destination cell's cards.
   */
  async moveCard(boardId: string, user: AuthUser, move: CardMove): Promise<DndResult> {
    await this.access.require(user, { boardId }, 'member');
    return this.published(boardId, user, this.moveWork(boardId, move));
  }

  /** One card's move as a change's work (a person's drop, or a rule's moveToList). */
  moveWork(boardId: string, move: CardMove) {
    return async (tx: Transaction): Promise<BoardChange<undefined>> => {
      // One statement reads both lists with their cards; the card is found in its source list.
      const { lists: found, title } = await this.lists.withCards(
        [...new Set([move.sourceListId, move.destListId])],
        move.cardId,
        tx,
      );
      const onBoard = (listId: string) => {
        const entry = found.get(listId);
        return entry?.list.boardId === boardId ? entry : undefined;
      };
      const [source, dest] = [onBoard(move.sourceListId), onBoard(move.destListId)];
      const card = source?.cards.find((c) => c.id === move.cardId);
      // Not where the mover saw it: gone (404), or moved meanwhile (409) once the lists are known.
      if (!card) {
        const row = await this.cards.find(move.cardId, tx);
        if (!row || row.boardId !== boardId) throw new NotFoundException('Card not found');
      }
      if (!source || !dest) throw new NotFoundException('List not found');
      if (!card) throw new ConflictException(STALE_ORDER);
      const laneId = move.destLaneId;
      if (laneId && !(await this.lanes.find(laneId, boardId, tx)))
        throw new BadRequestException('destLaneId: not a lane of this board');
      const current = new Map([source, dest].map((entry) => [entry.list.id, entry.cards]));
      const without = (listId: string) => current.get(listId)!.filter((c) => c.id !== card.id);
      const others = without(dest.list.id);
      const at = laneId === undefined ? move.newPosition : listIndexInCell(others, laneId, move.newPosition);
      const destIds = others.map((c) => c.id);
      destIds.splice(Math.min(at, destIds.length), 0, card.id);
      const orders: CardOrder[] = [{ list: dest.list, cardIds: destIds }];
      if (source.list.id !== dest.list.id)
        orders.unshift({ list: source.list, cardIds: without(source.list.id).map((c) => c.id) });
      const lane = laneId === undefined || laneId === card.laneId ? undefined : { cardId: card.id, laneId };
      return this.applyOrders(orders, current, () => title ?? '', lane);
    };
  }

  /** One board change whose answer is the event it published. */
  private async published(
    boardId: string,
    user: AuthUser,
    work: (tx: Transaction) => Promise<BoardChange<undefined>>,
  ): Promise<DndResult> {
    const { event } = await this.changes.apply(boardId, user, work, 'event');
    if (event.type === 'card.moved' || event.type === 'lists.reordered') return event;
    throw new Error(`A move published ${event.type}`);
  }

  private async currentOrders(listIds: string[], tx: Transaction) {
    const current = new Map<string, (OrderedCard & { title: string })[]>();
    for (const id of listIds) current.set(id, await this.cards.order(id, tx));
    return current;
  }

  /**
   * The new orders' writes (only the positions that change, and the lane when `lane` changes it),
   * the move's description, and the `list.wipExceeded` of a soft limit it passes.
   */
  private applyOrders(
    orders: CardOrder[],
    current: Map<string, OrderedCard[]>,
    titleOf: (cardId: string) => string,
    lane?: LaneMove,
  ): BoardChange<undefined> {
    const before = new Map([...current.values()].flat().map((c) => [c.id, c]));
    const fromList = new Map([...current].flatMap(([listId, cs]) => cs.map((c) => [c.id, listId] as const)));
    const changes: { id: string; listId: string; position: number }[] = [];
    const placed: { id: string; listId: string }[] = [];
    for (const { list, cardIds } of orders) {
      const here = new Map(current.get(list.id)!.map((c) => [c.id, c.position]));
      const result = reposition(cardIds, here);
      for (const [id, position] of result.changed) changes.push({ id, listId: list.id, position });
      for (const id of result.placed) placed.push({ id, listId: list.id });
    }
    const title = (listId: string) => orders.find((o) => o.list.id === listId)!.list.title;
    // A card that only changes lanes is placed where it is.
    const laneOnly = lane && !placed.some((p) => p.id === lane.cardId) ? lane : undefined;
    if (laneOnly) {
      const listId = fromList.get(laneOnly.cardId)!;
      placed.push({ id: laneOnly.cardId, listId });
      if (!changes.some((c) => c.id === laneOnly.cardId))
        changes.push({ id: laneOnly.cardId, listId, position: before.get(laneOnly.cardId)!.position });
    }
    // The card that changed lanes, else the one that changed lists, else the one that moved within its list.
    const moved =
      placed.find((p) => p.id === lane?.cardId) ??
      placed.find((p) => fromList.get(p.id) !== p.listId) ??
      placed[0];
    const move = moved && {
      cardId: moved.id,
      fromListId: fromList.get(moved.id)!,
      toListId: moved.listId,
      position: changes.find((c) => c.id === moved.id)?.position ?? before.get(moved.id)!.position,
      laneId: lane?.cardId === moved.id ? lane.laneId : before.get(moved.id)!.laneId,
    };
    // Templates are no work: a soft limit counts the other cards (docs/product.md, "Templates").
    const work = (ids: string[]) => ids.filter((id) => !before.get(id)!.isTemplate).length;
    const also = orders.flatMap(({ list, cardIds }) =>
      wipExceeded(list, work(current.get(list.id)!.map((c) => c.id)), work(cardIds)),
    );
    return {
      result: undefined,
      event: {
        type: 'card.moved' as const,
        payload: {
          ...(move ?? { cardId: null, fromListId: null, toListId: null, position: null, laneId: null }),
          cards: changes.map((c) => ({ _id: c.id, listId: c.listId, position: c.position })),
        },
      },
      activity: move && moveActivity(titleOf(move.cardId), move, title),
      alongside: writes(this.cards.placeStatement(changes, lane)),
      also,
    };
  }
}

/**
 * The list index for index `index` of lane `laneId`'s cell, among `cards` (the list without the
 * moved card): before that cell card, after the cell's last one, or at the list's end when the cell
 * is empty (docs/lanes.md, "Moving cards").
 */
function listIndexInCell(cards: OrderedCard[], laneId: string | null, index: number): number {
  const cell = cards.flatMap((c, i) => (c.laneId === laneId ? [i] : []));
  if (index < cell.length) return cell[index]!;
  return cell.length ? cell[cell.length - 1]! + 1 : cards.length;
}

function writes(statement: Statement | null): Statement[] {
  return statement ? [statement] : [];
}

function sameSet(given: string[], actual: string[]): boolean {
  const set = new Set(given);
  return set.size === given.length && given.length === actual.length && actual.every((id) => set.has(id));
}

function moveActivity(
  card: string,
  move: { fromListId: string; toListId: string },
  title: (listId: string) => string,
) {
  const [from, to] = [title(move.fromListId), title(move.toListId)];
  const text =
    move.fromListId === move.toListId
      ? activityText('card.movedWithin', { card, list: to })
      : activityText('card.moved', { card, from, to });
  return { actionType: 'MOVE_CARD' as const, ...text };
}
