import type { Insights } from '@papan/shared';

/** Board b1's figures for 6–8 July 2025: To Do, Doing and Done under the default stages. */
export function buildInsights(overrides: Partial<Insights> = {}): Insights {
  return {
    from: '2025-07-06',
    to: '2025-07-08',
    tz: 'UTC',
    lists: [
      { _id: 'todo', title: 'To Do', stage: 'backlog', revision: 1 },
      { _id: 'doing', title: 'Doing', stage: 'active', revision: 1 },
      { _id: 'done', title: 'Done', stage: 'done', revision: 1 },
    ],
    defaultStages: true,
    cfd: [
      { date: '2025-07-06', counts: { todo: 5, doing: 2, done: 1 } },
      { date: '2025-07-07', counts: { todo: 4, doing: 3, done: 2 } },
      { date: '2025-07-08', counts: { todo: 4, doing: 2, done: 4 } },
    ],
    throughput: [
      { date: '2025-07-06', count: 1 },
      { date: '2025-07-07', count: 1 },
      { date: '2025-07-08', count: 2 },
    ],
    leadTime: { n: 4, p50: 2.5, p85: 6, p95: 7.25 },
    cycleTime: { n: 3, p50: 1.5, p85: 3, p95: 3 },
    timeInList: [
      { listId: 'todo', p50: 1, p85: 2.5 },
      { listId: 'doing', p50: 1.5, p85: 3 },
    ],
    aging: [
      { cardId: 'c1', title: 'Write spec', listId: 'doing', ageDays: 12.5 },
      { cardId: 'c2', title: 'Review', listId: 'doing', ageDays: 3 },
    ],
    wip: [
      { listId: 'todo', count: 4, limit: null },
      { listId: 'doing', count: 2, limit: 1 },
      { listId: 'done', count: 4, limit: null },
    ],
    finished: [
      {
        cardId: 'c7',
        title: 'Fix "login", again',
        finishedAt: '2025-07-06T09:00:00.000Z',
        leadDays: 2.5,
        cycleDays: 1.5,
      },
      { cardId: 'c8', title: 'Kick-off', finishedAt: '2025-07-07T10:00:00.000Z', leadDays: 6, cycleDays: 3 },
      {
        cardId: 'c9',
        title: '=SUM(A1)',
        finishedAt: '2025-07-08T11:00:00.000Z',
        leadDays: 1,
        cycleDays: null,
      },
    ],
    ...overrides,
  };
}
