import type { BoardEvent, Card, CompactBoardDetail } from '@papan/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/api-stub';
import { buildActivity } from '../../../testing/factories';
import { renderApp } from '../../../testing/render-app';

const TOKEN = 'papan_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ada = { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' };
const compactCard = (_id: string, title: string, position: number) => ({
  _id,
  title,
  description: '',
  revision: 1,
  position,
  labels: [],
  checklists: [],
  createdAt: '2025-07-08T10:00:00.000Z',
  updatedAt: '2025-07-08T10:00:00.000Z',
});

/** Board b1 at version 3: To Do with two cards, Done with one. */
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
      cards: [compactCard('c1', 'Write spec', 1024), compactCard('c2', 'Review', 2048)],
    },
    {
      _id: 'done',
      title: 'Done',
      position: 2048,
      stage: null,
      wipLimit: null,
      wipMode: 'soft',
      revision: 1,
      cards: [compactCard('c3', 'Kick-off', 1024)],
    },
  ],
};
const added: Card = {
  ...compactCard('c9', 'Shipped live', 4096),
  boardId: 'b1',
  listId: 'done',
  dueAt: null,
  dueComplete: false,
  memberIds: [],
  attachments: [],
  coverAttachmentId: null,
  laneId: null,
  isTemplate: false,
  fields: {},
  createdAt: '2025-07-09T10:00:00.000Z',
  updatedAt: '2025-07-09T10:00:00.000Z',
};

/** A stream that sends these frames, then stays open (as the server's does). */
function streamOf(events: BoardEvent[]): Response {
  const text = events
    .map((e) => `id: ${e.version}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`)
    .join('');
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`: ping\n\n${text}`));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('WallboardPage', () => {
  it('shows the board for a token in the fragment, follows its stream, and sends the token only in a header', async () => {
    const api = stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () =>
        streamOf([{ boardId: 'b1', version: 4, actorId: ada._id, type: 'card.created', payload: added }]),
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    const done = await screen.findByRole('region', { name: 'Done' });
    expect(await within(done).findByText('Shipped live')).toBeInTheDocument();
    expect(within(done).getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Live');
    expect(screen.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeInTheDocument();
    // Read-only: nothing to press on a wallboard.
    expect(screen.queryAllByRole('button')).toEqual([]);

    // The token never travels in an address.
    expect(api.requests.every((r) => !r.url.href.includes(TOKEN))).toBe(true);
    const init = api.mock.mock.calls.find(([url]) => String(url).endsWith('/stream'))?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(new Headers(init?.headers).get('Last-Event-ID')).toBe('3');
  });

  it('shows who has the board open in the app, with the token in a header', async () => {
    const api = stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () => streamOf([]),
      'GET /api/boards/b1/presence': { boardId: 'b1', users: [{ _id: ada._id, name: ada.name }] },
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    const online = await screen.findByRole('region', { name: 'Online now' });
    expect(await within(online).findByText('Ada Lovelace')).toBeInTheDocument();
    const init = api.mock.mock.calls.find(([url]) => String(url).endsWith('/presence'))?.[1];
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('names a change a rule made "Automation" with the rule in the latest activity', async () => {
    stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [
        buildActivity({
          boardId: 'b1',
          description: 'deleted card <strong>Ship it</strong> from <strong>Done</strong>',
          userId: null,
          rule: { _id: 'r1', name: 'Archive finished cards' },
        }),
      ],
      'GET /api/boards/b1/stream': () => streamOf([]),
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);

    const latest = await screen.findByRole('complementary', { name: 'Latest activity' });
    expect(await within(latest).findByText(/Archive finished cards/)).toBeInTheDocument();
    expect(latest).toHaveTextContent('Automation (Archive finished cards) deleted card Ship it from Done');
  });

  it('says so when nobody has the board open', async () => {
    stubApi({
      'GET /api/boards/b1': board,
      'GET /api/boards/b1/activities': [],
      'GET /api/boards/b1/stream': () => streamOf([]),
      'GET /api/boards/b1/presence': { boardId: 'b1', users: [] },
    });
    renderApp(`/wallboard/b1#token=${TOKEN}`);
    const online = await screen.findByRole('region', { name: 'Online now' });
    expect(await within(online).findByText('nobody has the board open')).toBeInTheDocument();
  });

  it('explains what it needs when the token cannot read the board', async () => {
    stubApi({ 'GET /api/boards/b1': () => new Response('{}', { status: 403 }) });
    renderApp(`/wallboard/b1#token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This wallboard cannot be shown' }),
    ).toBeInTheDocument();
  });
});
