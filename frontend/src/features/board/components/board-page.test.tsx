import { TIMINGS, type BoardEventOf, type BoardEventPayloads, type BoardEventType } from '@papan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../../testing/api-stub';
import { lastSocket } from '../../../testing/fake-socket-io';
import { signIn } from '../../../testing/factories';
import { errorResponse } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render-app';
import { prefetchBoard } from '../api/get-board';
import { boardResponse, buildBoardDetail, buildCard, changeAnswer, grace } from '../board-fixtures';

function setup(routes: Record<string, StubAnswer> = {}, options: { fakeTimers?: boolean } = {}) {
  if (options.fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  signIn();
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(buildBoardDetail()), ...routes });
  const view = renderApp('/board/b1', options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  return { api, ...view };
}

const list = (title: string) => screen.getByRole('region', { name: title });
const boardEvent = <K extends BoardEventType>(version: number, type: K, payload: BoardEventPayloads[K]) =>
  ({
    boardId: 'b1',
    version,
    type,
    actorId: grace._id,
    payload,
  }) as BoardEventOf<K>;

// The board screen is a lazy chunk; transforming it inside the first test's 5 s wait is too slow on two busy cores.
beforeAll(() => import('./board-page'), 30_000);

describe('BoardPage', () => {
  it('shows the title, the lists with their card counts, and the add-list form', async () => {
    setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Roadmap' })).toBeInTheDocument();
    expect(within(list('To Do')).getByLabelText('3 cards')).toHaveTextContent('3');
    expect(within(list('Done')).getByLabelText('1 card')).toBeInTheDocument();
    expect(within(list('To Do')).getAllByRole('button', { name: /^Card c/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Add another list' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activity' })).toBeInTheDocument();
  });

  it("falls back to 'Board' for a board without a title and says when it is loading", async () => {
    setup({ 'GET /api/boards/b1': () => boardResponse(buildBoardDetail({ title: ' ' })) });

    expect(screen.getByText('Loading your board...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Board' })).toBeInTheDocument();
  });

  it("says 'Could not load board.' when the read fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup({ 'GET /api/boards/b1': errorResponse(500, 'boom') });

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load board.');
  });

  /** A board the user may join: 403 until POST …/join, the board afterwards. */
  function nonMember() {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let member = false;
    return setup({
      'GET /api/boards/b1': () =>
        member
          ? boardResponse(buildBoardDetail())
          : errorResponse(403, 'You are not a member of this board.'),
      'POST /api/boards/b1/join': () => {
        member = true;
        return { message: 'You joined the board.' };
      },
    });
  }

  it('shows the non-member screen on 403, and Join Board joins and shows the board', async () => {
    const { api, user } = nonMember();

    expect(await screen.findByText('You are not a member of this board.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join Board' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Roadmap' })).toBeInTheDocument();
    expect(api.calls('POST /api/boards/b1/join')).toHaveLength(1);
  });

  it('shows the board at once after Join Board even when a read from before the join is still cached', async () => {
    const { api, user } = nonMember();
    expect(await screen.findByText('You are not a member of this board.')).toBeInTheDocument();
    // A read started before the join (the route's prefetch on a re-render): it answers 403.
    prefetchBoard('b1');
    await waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Join Board' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Roadmap' })).toBeInTheDocument();
  });

  it('auto-joins with the own e-mail when the board does not list the user, then reads it again', async () => {
    const { api } = setup({
      'GET /api/boards/b1': () => boardResponse(buildBoardDetail({ members: [grace] })),
      'POST /api/boards/b1/members': { message: 'Invitation sent' },
    });

    await waitFor(() => expect(api.calls('POST /api/boards/b1/members')).toHaveLength(1));
    expect(api.calls('POST /api/boards/b1/members')[0]?.body).toEqual({ email: 'ada@example.com' });
    await waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(2));
  });

  it('applies a board:event from the socket at once', async () => {
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    act(() =>
      lastSocket()?.serverEmit(
        'board:event',
        boardEvent(4, 'card.created', buildCard('c9', 'done', 9000, { title: 'Ship it' })),
      ),
    );

    expect(within(list('Done')).getByRole('button', { name: 'Ship it' })).toBeInTheDocument();
  });

  it('joins the board room on connect and catches up from the event log after a reconnect', async () => {
    const { api } = setup({
      'GET /api/boards/b1/events': { version: 3, events: [], hasMore: false },
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    const socket = lastSocket()!;
    const emit = vi.spyOn(socket, 'emit');

    act(() => socket.serverEmit('connect'));

    expect(emit).toHaveBeenCalledWith('board:join', { boardId: 'b1' }, expect.any(Function));
    await waitFor(() => expect(api.calls('GET /api/boards/b1/events')).toHaveLength(1));
    expect(api.calls('GET /api/boards/b1/events')[0]?.url.searchParams.get('after')).toBe('3');
    expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
  });

  it('reads the board again when the join acknowledgement carries a newer version', async () => {
    const { api } = setup();
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    const socket = lastSocket()!;
    vi.spyOn(socket, 'emit').mockImplementation(((
      _name: string,
      _body: unknown,
      ack?: (a: unknown) => void,
    ) => {
      ack?.({ ok: true, version: 7 });
      return socket;
    }) as typeof socket.emit);

    act(() => socket.serverEmit('connect'));

    await waitFor(() => expect(api.calls('GET /api/boards/b1')).toHaveLength(3));
  });

  it('shows who is viewing the board', async () => {
    setup();
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    act(() =>
      lastSocket()?.serverEmit('board:presence', {
        boardId: 'b1',
        users: [{ _id: 'user-2', name: 'Grace Hopper' }],
      }),
    );

    expect(screen.getByRole('list', { name: 'Viewing now: Grace Hopper' })).toBeInTheDocument();
  });

  it('polls every 5 seconds for the events after its version, never reading the board whole', async () => {
    let events: () => unknown = () => ({ version: 3, events: [], hasMore: false });
    const { api } = setup({ 'GET /api/boards/b1/events': () => events() }, { fakeTimers: true });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    expect(api.calls('GET /api/boards/b1')[0]?.url.searchParams.get('view')).toBe('compact');

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.boardPollMs));
    await waitFor(() => expect(api.calls('GET /api/boards/b1/events')).toHaveLength(1));
    expect(api.calls('GET /api/boards/b1/events')[0]?.url.searchParams.get('after')).toBe('3');
    expect(screen.getByRole('heading', { level: 1, name: 'Roadmap' })).toBeInTheDocument();

    const renamed = boardEvent(4, 'board.updated', {
      title: 'Renamed',
      description: '',
      linkJoining: true,
      isTemplate: false,
      revision: 2,
    });
    events = () => ({ version: 4, events: [renamed], hasMore: false });
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.boardPollMs));
    expect(await screen.findByRole('heading', { level: 1, name: 'Renamed' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/boards/b1/events')).toHaveLength(2));
    expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
  });

  it('reads the board whole when the poll hears its events are gone (410)', async () => {
    let read = () => boardResponse(buildBoardDetail());
    const { api } = setup(
      {
        'GET /api/boards/b1': () => read(),
        'GET /api/boards/b1/events': () => errorResponse(410, 'Events after version 3 are gone'),
      },
      { fakeTimers: true },
    );
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    read = () => boardResponse(buildBoardDetail({ version: 2000, title: 'Much later' }));

    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.boardPollMs));
    expect(await screen.findByRole('heading', { level: 1, name: 'Much later' })).toBeInTheDocument();
    expect(api.calls('GET /api/boards/b1')).toHaveLength(2);
  });

  it('adds a card with a trimmed title and ignores an empty one without a call', async () => {
    const { api, user } = setup({
      'POST /api/lists/done/cards': changeAnswer(({ body }) => ({
        type: 'card.created',
        payload: buildCard('c9', 'done', 9000, body as { title: string }),
      })),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });
    await user.click(within(list('Done')).getByRole('button', { name: 'Add a card' }));
    const field = within(list('Done')).getByRole('textbox', { name: 'Card title' });

    await user.type(field, '   ');
    await user.click(within(list('Done')).getByRole('button', { name: 'Add card' }));
    expect(api.calls('POST /api/lists/done/cards')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Write release notes  {Enter}');

    expect(
      await within(list('Done')).findByRole('button', { name: 'Write release notes' }),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/lists/done/cards')[0]?.body).toEqual({ title: 'Write release notes' });
    expect(field).toHaveValue('');
  });

  it('deletes a list after the confirmation, and not when cancelled', async () => {
    const { api, user } = setup({
      'DELETE /api/lists/done': changeAnswer(
        { type: 'list.deleted', payload: { _id: 'done' } },
        { message: 'List deleted', _id: 'done' },
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'List actions for Done' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete this list' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete list' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the list "Done"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE /api/lists/done')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'List actions for Done' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete this list' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete list' })).getByRole('button', { name: 'Delete' }),
    );

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Done' })).not.toBeInTheDocument());
    expect(api.calls('DELETE /api/lists/done')).toHaveLength(1);
  });

  it("says 'Failed to create list.' when a list cannot be added", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup({ 'POST /api/boards/b1/lists': errorResponse(500, 'boom') });
    await screen.findByRole('heading', { level: 1, name: 'Roadmap' });

    await user.click(screen.getByRole('button', { name: 'Add another list' }));
    await user.type(screen.getByRole('textbox', { name: 'List title' }), 'Later{Enter}');

    expect(await screen.findByText('Failed to create list.')).toBeInTheDocument();
  });
});
