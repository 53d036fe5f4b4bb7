import type { BoardEvent, CompactBoardDetail, Insights } from '@papan/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/dates';
import { stubApi } from '../../../testing/api-stub';
import { renderApp } from '../../../testing/render-app';

// jsdom has no canvas, so chart.js cannot draw here: the chart shows its name instead.
vi.mock('react-chartjs-2', () => ({
  Line: ({ 'aria-label': label, role }: { 'aria-label': string; role: string }) => (
    <div role={role} aria-label={label} />
  ),
}));

const TOKEN = 'papan_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ada = { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' };

const board: CompactBoardDetail = {
  _id: 'b1',
  title: 'Roadmap',
  description: '',
  createdAt: '2025-07-08T10:00:00.000Z',
  updatedAt: '2025-07-08T10:00:00.000Z',
  ownerId: ada,
  members: [ada],
  isPinned: false,
  isArchived: false,
  linkJoining: true,
  isTemplate: false,
  revision: 1,
  version: 3,
  labels: [],
  fields: [],
  lanes: [],
  lists: [
    {
      _id: 'todo',
      title: 'To Do',
      position: 1024,
      stage: null,
      wipLimit: null,
      wipMode: 'soft',
      revision: 1,
      cards: [],
    },
    {
      _id: 'done',
      title: 'Done',
      position: 2048,
      stage: null,
      wipLimit: null,
      wipMode: 'soft',
      revision: 1,
      cards: [],
    },
  ],
};

/** Ten days of figures: a card finished each day, two on the last; 3 open in To Do, 12 in Done at the end. */
function insights(lastCount = 2): Insights {
  const days = Array.from({ length: 10 }, (_, i) => `2025-07-${String(i + 1).padStart(2, '0')}`);
  return {
    from: days[0]!,
    to: days.at(-1)!,
    tz: 'UTC',
    lists: [
      { _id: 'todo', title: 'To Do', stage: 'backlog', revision: 1 },
      { _id: 'done', title: 'Done', stage: 'done', revision: 1 },
    ],
    defaultStages: true,
    cfd: days.map((date, i) => ({ date, counts: { todo: 3, done: i + 3 } })),
    throughput: days.map((date, i) => ({ date, count: i === 9 ? lastCount : 1 })),
    leadTime: { n: 0, p50: null, p85: null, p95: null },
    cycleTime: { n: 0, p50: null, p85: null, p95: null },
    timeInList: [],
    aging: [],
    wip: [],
    finished: [],
  };
}

/** A stream that sends these frames (after `delayMs`), then stays open (as the server's does). */
function streamOf(events: BoardEvent[], delayMs = 0): Response {
  const text = events
    .map((e) => `id: ${e.version}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
    .join('');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(': ping\n\n'));
      setTimeout(() => controller.enqueue(new TextEncoder().encode(text)), delayMs);
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('the wallboard’s flow', () => {
  it('shows the cards done in the last 7 days and the last 30 days’ cumulative flow, read with the token', async () => {
    const api = stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () => streamOf([]),
      'GET /api/boards/b1/insights': insights(),
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    // Six days with one card and the last with two.
    expect(await screen.findByText('Done in the last 7 days: 8')).toBeInTheDocument();
    const flow = screen.getByRole('region', { name: 'Flow, last 30 days' });
    expect(await within(flow).findByRole('img')).toHaveAccessibleName(
      'Cumulative flow of the last 30 days. Open cards today: To Do 3, Done 12.',
    );

    const read = api.calls('GET /api/boards/b1/insights')[0]!;
    expect(read.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(read.url.searchParams.get('tz')).toBe(browserTimeZone());
    const { from, to } = Object.fromEntries(read.url.searchParams);
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(29);
    // Still nothing to press.
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('reads the flow again when the board changes', async () => {
    let reads = 0;
    const api = stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () =>
        streamOf(
          [
            {
              boardId: 'b1',
              version: 4,
              actorId: ada._id,
              type: 'list.updated',
              payload: {
                _id: 'done',
                title: 'Done',
                position: 2048,
                stage: 'done',
                wipLimit: null,
                wipMode: 'soft',
                revision: 2,
              },
            },
          ],
          800,
        ),
      'GET /api/boards/b1/insights': () => insights(++reads === 1 ? 2 : 5),
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    // The figures as the board loads; the change the stream brings later reads them again.
    expect(await screen.findByText('Done in the last 7 days: 8')).toBeInTheDocument();
    expect(await screen.findByText('Done in the last 7 days: 11')).toBeInTheDocument();
    expect(api.calls('GET /api/boards/b1/insights')).toHaveLength(2);
  });

  it('shows the board without the flow when the token may not read it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () => streamOf([]),
      'GET /api/boards/b1/insights': () => new Response('{}', { status: 403 }),
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    expect(await screen.findByRole('region', { name: 'Done' })).toBeInTheDocument();
    expect(screen.queryByText(/Done in the last 7 days/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Flow, last 30 days' })).not.toBeInTheDocument();
  });
});
