import type { BoardDetail } from '@papan/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubAnswer } from '../../testing/api-stub';
import { errorResponse, jsonResponse } from '../../testing/fetch-stub';
import { boardResponse, buildLanesBoard, cellOrder, committedEvent } from './board-fixtures';
import { useBoardStore as sut } from './store';

/** Opens board b1 with `board` as the server's answer; `routes` add or replace calls. */
async function openBoard(board: BoardDetail, routes: Record<string, StubAnswer> = {}) {
  const api = stubApi({ 'GET /api/boards/b1': () => boardResponse(board), ...routes });
  sut.getState().open('b1');
  await sut.getState().refresh();
  return api;
}

/** A dnd answer held until the test lets it go. */
function held() {
  let answer: (response: Response) => void = () => {};
  const route = () => new Promise<Response>((resolve) => (answer = resolve));
  return { route, answer: (response: Response) => answer(response) };
}

const refusal = 'The list "Done" is at its limit of 1 cards.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => sut.getState().open(null));

describe('board store: moving a card between lanes (docs/lanes.md)', () => {
  it('moves the card into the destination cell at once and sends destLaneId with its place in that cell', async () => {
    const dnd = held();
    const api = await openBoard(buildLanesBoard(), { 'PUT /api/boards/b1/dnd': dnd.route });

    const moving = sut.getState().moveCard('c1', 'done', 0, 'l2');

    expect(cellOrder(sut.getState().board)).toEqual({
      'To Do/Frontend': ['c2', 'c3'],
      'To Do/Backend': ['c5'],
      'Done/Backend': ['c1', 'c4'],
    });
    // Sent once the outbox has stored it (docs/architecture.md, "The outbox").
    await vi.waitFor(() => expect(api.calls('PUT /api/boards/b1/dnd')).toHaveLength(1));
    expect(api.calls('PUT /api/boards/b1/dnd')[0]?.body).toEqual({
      type: 'card',
      cardId: 'c1',
      sourceListId: 'todo',
      destListId: 'done',
      oldPosition: 0,
      destLaneId: 'l2',
      newPosition: 0,
    });
    const moved = committedEvent(
      {
        type: 'card.moved',
        payload: {
          cardId: 'c1',
          fromListId: 'todo',
          toListId: 'done',
          position: 512,
          laneId: 'l2',
          cards: [{ _id: 'c1', listId: 'done', position: 512 }],
        },
      },
      4,
    );
    dnd.answer(jsonResponse(200, { data: moved, event: moved }));
    await moving;

    expect(sut.getState().board?.version).toBe(4);
    expect(cellOrder(sut.getState().board)['Done/Backend']).toEqual(['c1', 'c4']);
    expect(api.calls('GET /api/boards/b1')).toHaveLength(1);
  });

  it('puts the card back in its own cell at once when a hard limit refuses it (409)', async () => {
    const board = buildLanesBoard();
    board.lists[1] = { ...board.lists[1]!, wipLimit: 1, wipMode: 'hard' };
    const dnd = held();
    let reads = 0;
    // The board read after the refusal waits until the end: the card must be back without it.
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const api = await openBoard(board, {
      'GET /api/boards/b1': async () => {
        if (reads++) await released;
        return boardResponse(board);
      },
      'PUT /api/boards/b1/dnd': dnd.route,
    });
    const before = cellOrder(sut.getState().board);

    const moving = sut.getState().moveCard('c2', 'done', 0, null);
    expect(cellOrder(sut.getState().board)['Done/-']).toEqual(['c2']);
    const refused = expect(moving).rejects.toMatchObject({ status: 409, message: refusal });
    await vi.waitFor(() => expect(api.calls('PUT /api/boards/b1/dnd')).toHaveLength(1));
    dnd.answer(errorResponse(409, refusal));
    await refused;

    // Back while the board is still being read again: the store undid the move itself.
    expect(reads).toBe(2);
    expect(cellOrder(sut.getState().board)).toEqual(before);
    expect(sut.getState().board?.lists[0]?.cards.find((card) => card._id === 'c2')?.laneId).toBe('l1');
    release();
    await sut.getState().refresh();
  });

  it('does not send a move that leaves the card where it is in its cell', async () => {
    const api = await openBoard(buildLanesBoard(), { 'PUT /api/boards/b1/dnd': errorResponse(500, 'no') });

    await sut.getState().moveCard('c3', 'todo', 1, 'l1');

    expect(api.calls('PUT /api/boards/b1/dnd')).toHaveLength(0);
  });
});
