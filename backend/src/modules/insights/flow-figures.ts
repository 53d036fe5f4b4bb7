import type { Insights, InsightsList, ListStage } from '@papan/shared';
import type { StageLists } from './insights.repository';

/** The computations of an insights answer that need no database (docs/insights.md). */

export type StagedList = InsightsList & { own: boolean };
/**
 * Each list's stage as the figures use it: its own, or while no list has one, the first list's
 * backlog, the last list's done (with at least two lists) and active for the others.
 */
export function stagesOf(
  lists: { id: string; title: string; stage: ListStage | null; revision: number }[],
): StagedList[] {
  const own = lists.some((list) => list.stage !== null);
  return lists.map((list, index) => ({
    _id: list.id,
    title: list.title,
    revision: list.revision,
    own: list.stage !== null,
    stage: own ? list.stage : index === 0 ? 'backlog' : index === lists.length - 1 ? 'done' : 'active',
  }));
}

export function stageLists(lists: StagedList[]): StageLists {
  const of = (stage: ListStage) => lists.filter((list) => list.stage === stage).map((list) => list._id);
  return { active: of('active'), done: of('done') };
}

/** The CFD: each list's open cards at each day's end, from the per-day changes. */
export function runningCounts(
  dates: string[],
  lists: StagedList[],
  deltas: { listId: string; day: number; delta: number }[],
): Insights['cfd'] {
  const change = new Map<string, number[]>(
    lists.map((list) => [list._id, new Array(dates.length + 1).fill(0)]),
  );
  for (const { listId, day, delta } of deltas) {
    const days = change.get(listId);
    if (days) days[day - 1] += delta;
  }
  const running = new Map(lists.map((list) => [list._id, 0]));
  return dates.map((date, index) => {
    const counts: Record<string, number> = {};
    for (const list of lists) {
      const count = running.get(list._id)! + change.get(list._id)![index];
      running.set(list._id, count);
      counts[list._id] = count;
    }
    return { date, counts };
  });
}
