import { LANES_PER_BOARD, positionAfter, reposition } from '@papan/shared';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { BoardEventBody, CreateLaneInput, Lane, UpdateLaneInput } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardChanges } from '../board-changes/board-changes.service';
import { toLane } from './lane.view';
import { LanesRepository, type LaneRow } from './lanes.repository';

export const LANE_LIMIT_MESSAGE = `A board has at most ${LANES_PER_BOARD} lanes.`;
const laneNotFound = () => new NotFoundException('Lane not found');

/**
 * Swimlanes (docs/lanes.md): any member of the board adds, renames, reorders and deletes them, as
 * with lists. Each is one board change with its event.
 */
@Injectable()
export class LanesService {
  constructor(
    private readonly lanes: LanesRepository,
    private readonly access: BoardAccess,
    private readonly changes: BoardChanges,
  ) {}

  /** A new lane below the others. */
  async create(boardId: string, user: AuthUser, input: CreateLaneInput): Promise<Lane> {
    await this.access.require(user, { boardId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const { n, last } = await this.lanes.countOf(boardId, tx);
      if (n >= LANES_PER_BOARD) throw new ConflictException(LANE_LIMIT_MESSAGE);
      const lane = toLane(
        await this.lanes.insert({ boardId, title: input.title, position: positionAfter(last) }, tx),
      );
      return { result: lane, event: { type: 'lane.created', payload: lane } };
    });
  }

  /**
   * Renames the lane or moves it to index `position` among the board's lanes (clamped). A move
   * that renumbers the other lanes records their `lane.updated` too.
   */
  async update(laneId: string, user: AuthUser, input: UpdateLaneInput): Promise<Lane> {
    const { boardId } = await this.access.require(user, { laneId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      const rows = await this.lanes.ofBoard(boardId, tx);
      const before = rows.find((row) => row.id === laneId) ?? throwIt(laneNotFound());
      const moved =
        input.position === undefined ? new Map<string, number>() : movedTo(rows, before, input.position);
      const row = await this.lanes.update(
        laneId,
        {
          ...(input.title !== undefined ? { title: input.title } : {}),
          position: moved.get(laneId) ?? before.position,
        },
        tx,
      );
      const others: BoardEventBody[] = [];
      for (const other of rows)
        if (other.id !== laneId && moved.has(other.id))
          others.push({
            type: 'lane.updated',
            payload: toLane(await this.lanes.update(other.id, { position: moved.get(other.id)! }, tx)),
          });
      const lane = toLane(row);
      return { result: lane, event: { type: 'lane.updated', payload: lane }, also: others };
    });
  }

  /** Deletes the lane; its cards go to the default lane. */
  async remove(laneId: string, user: AuthUser): Promise<{ message: string; _id: string }> {
    const { boardId } = await this.access.require(user, { laneId }, 'member');
    return this.changes.run(boardId, user, async (tx) => {
      if (!(await this.lanes.find(laneId, boardId, tx))) throw laneNotFound();
      await this.lanes.delete(laneId, tx);
      return {
        result: { message: 'Lane deleted', _id: laneId },
        event: { type: 'lane.deleted', payload: { _id: laneId } },
      };
    });
  }
}

/** The lanes' new positions with `lane` at `index` (clamped): only those that change. */
function movedTo(rows: LaneRow[], lane: LaneRow, index: number): Map<string, number> {
  const order = rows.map((row) => row.id).filter((id) => id !== lane.id);
  order.splice(Math.min(index, order.length), 0, lane.id);
  return reposition(order, new Map(rows.map((row) => [row.id, row.position]))).changed;
}

function throwIt(error: Error): never {
  throw error;
}
