import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Executor } from '../../database/database';
import { lanes } from '../../database/schema';

export type LaneRow = typeof lanes.$inferSelect;

/** A board's swimlanes (docs/lanes.md). */
@Injectable()
export class LanesRepository {
  /** The board's lanes in order. */
  ofBoard(boardId: string, ex: Executor): Promise<LaneRow[]> {
    return ex
      .select()
      .from(lanes)
      .where(eq(lanes.boardId, boardId))
      .orderBy(asc(lanes.position), asc(lanes.id));
  }

  async countOf(boardId: string, ex: Executor): Promise<{ n: number; last: number | null }> {
    const [row] = await ex
      .select({ n: count(), last: max(lanes.position) })
      .from(lanes)
      .where(eq(lanes.boardId, boardId));
    return { n: row?.n ?? 0, last: row?.last ?? null };
  }

  /** The lane when it is one of `boardId`'s. */
  async find(laneId: string, boardId: string, ex: Executor): Promise<LaneRow | undefined> {
    const [row] = await ex
      .select()
      .from(lanes)
      .where(and(eq(lanes.id, laneId), eq(lanes.boardId, boardId)));
    return row;
  }

  async insert(values: Pick<LaneRow, 'boardId' | 'title' | 'position'>, ex: Executor): Promise<LaneRow> {
    const [row] = await ex.insert(lanes).values(values).returning();
    return row!;
  }

  async update(laneId: string, values: Partial<Pick<LaneRow, 'title' | 'position'>>, ex: Executor) {
    const [row] = await ex.update(lanes).set(values).where(eq(lanes.id, laneId)).returning();
    return row!;
  }

  /** Deletes the lane; its cards' `lane_id` is set to null by the foreign key (the default lane). */
  async delete(laneId: string, ex: Executor): Promise<void> {
    await ex.delete(lanes).where(eq(lanes.id, laneId));
  }
}
