import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOutboxDb } from '../../lib/outbox/outbox-db';
import { drainOutbox, useOutbox } from '../../lib/outbox/outbox';
import { stubApi } from '../../testing/api-stub';
import { errorResponse } from '../../testing/fetch-stub';
import { signIn } from '../../testing/factories';
import { boardResponse, buildBoardDetail, buildChecklist, cardOrder } from './board-fixtures';
import { useBoardStore as sut } from './store';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const titles = () => sut.getState().board?.lists.map((list) => list.title);

/** Board b1 read from `board`; every change fails for want of a connection until `online()`. */
async function openOffline() {
  let connected = false;
  const api = stubApi({
    'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
    'PUT /api/boards/b1/dnd': () => (connected ? errorResponse(404, 'Card not found') : offline()),
    'PUT /api/lists/todo': () => (connected ? { data: {}, event: null } : offline()),
    'POST /api/cards/c1/labels': () => (connected ? errorResponse(404, 'Card not found') : offline()),
    'POST /api/cards/c2/members': () => (connected ? { data: {}, event: null } : offline()),
    'PUT /api/cards/c3': () => (connected ? errorResponse(404, 'Card not found') : offline()),
  });
  sut.getState().open('b1');
  await sut.getState().refresh();
  return { api, online: () => (connected = true) };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  signIn();
});
afterEach(() => sut.getState().open(null));

describe('board store: changes that wait for the connection (docs/architecture.md, "The outbox")', () => {
  it('keeps a move and a rename on screen while they wait', async () => {
    await openOffline();

    await expect(sut.getState().moveCard('c1', 'done', 1)).resolves.toBeUndefined();
    await sut
      .getState()
      .queue({ kind: 'list.rename', args: { listId: 'todo', title: 'Next', before: 'To Do' } }, 'To Do');

    expect(useOutbox.getState().changes.map((change) => change.kind)).toEqual(['card.move', 'list.rename']);
    await sut.getState().refresh();
    expect(cardOrder(sut.getState().board)).toEqual({ Next: ['c2', 'c3'], Done: ['c4', 'c1'] });
  });

  it('rebuilds the screen after a reload from the server board plus the queue', async () => {
    await openOffline();
    await sut.getState().moveCard('c1', 'done', 1);
    await sut
      .getState()
      .queue({ kind: 'list.rename', args: { listId: 'todo', title: 'Next', before: 'To Do' } }, 'To Do');

    // The reload: the store and the outbox's memory start empty; IndexedDB keeps the queue.
    sut.getState().open(null);
    closeOutboxDb();
    useOutbox.setState({ changes: [] });
    await openOffline();

    await vi.waitFor(() => expect(titles()).toEqual(['Next', 'Done']));
    expect(cardOrder(sut.getState().board)).toEqual({ Next: ['c2', 'c3'], Done: ['c4', 'c1'] });
  });

  it('undoes a waiting move the server refuses when it is finally sent, keeping the rest', async () => {
    const { api, online } = await openOffline();
    await sut.getState().moveCard('c1', 'done', 1);
    await sut
      .getState()
      .queue({ kind: 'list.rename', args: { listId: 'todo', title: 'Next', before: 'To Do' } }, 'To Do');

    online();
    await drainOutbox();

    await vi.waitFor(() => expect(api.calls('GET /api/boards/b1').length).toBeGreaterThan(1));
    await vi.waitFor(() => expect(cardOrder(sut.getState().board)['Done']).toEqual(['c4']));
    expect(api.calls('PUT /api/lists/todo').at(-1)?.body).toEqual({ title: 'Next' });
    expect(useOutbox.getState().changes).toEqual([]);
  });

  it('keeps a label and a member put on cards while they wait, across a reload, and undoes a refused one', async () => {
    const cardOf = (id: string) =>
      sut
        .getState()
        .board?.lists.flatMap((list) => list.cards)
        .find((card) => card._id === id);
    await openOffline();
    await sut
      .getState()
      .queue({ kind: 'card.label', args: { cardId: 'c1', labelId: 'l-feature', on: true } }, 'c1');
    await sut
      .getState()
      .queue({ kind: 'card.member', args: { cardId: 'c2', userId: 'user-1', on: true } }, 'c2');
    expect(cardOf('c1')?.labels).toEqual(['l-feature']);
    expect(cardOf('c2')?.memberIds).toEqual(['user-1']);

    sut.getState().open(null);
    closeOutboxDb();
    useOutbox.setState({ changes: [] });
    const { api, online } = await openOffline();
    await vi.waitFor(() => expect(cardOf('c1')?.labels).toEqual(['l-feature']));
    expect(cardOf('c2')?.memberIds).toEqual(['user-1']);

    online();
    await drainOutbox();
    expect(api.calls('POST /api/cards/c1/labels').at(-1)?.body).toEqual({ labelId: 'l-feature' });
    expect(api.calls('POST /api/cards/c2/members').at(-1)?.body).toEqual({ userId: 'user-1' });
    // The label's card was gone when it was sent: taken off again; the member stays.
    await vi.waitFor(() => expect(cardOf('c1')?.labels).toEqual([]));
    expect(useOutbox.getState().changes).toEqual([]);
  });

  it('keeps a checklist tick on the open card and the board while it waits, and undoes a refused one', async () => {
    let connected = false;
    const board = buildBoardDetail();
    const checklist = buildChecklist('k1', 'c1', [false]);
    board.lists[0]!.cards[0]!.checklists = [checklist];
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(board),
      'GET /api/cards/c1/checklists': [checklist],
      'PUT /api/checklists/k1/items/k1-item-0': () =>
        connected ? errorResponse(404, 'Checklist item not found') : offline(),
    });
    sut.getState().open('b1');
    await sut.getState().refresh();
    await sut.getState().showCard('c1');
    const ticked = () => sut.getState().openCard?.checklists?.[0]?.items[0]?.isCompleted;
    const done = () => sut.getState().board?.lists[0]?.cards[0]?.checklists[0]?.done;

    const args = { cardId: 'c1', checklistId: 'k1', itemId: 'k1-item-0', isCompleted: true };
    await sut.getState().queue({ kind: 'checklistItem.tick', args }, 'Item');
    expect([ticked(), done()]).toEqual([true, 1]);
    await sut.getState().refresh();
    expect([ticked(), done()]).toEqual([true, 1]);

    connected = true;
    await drainOutbox();
    expect(api.calls('PUT /api/checklists/k1/items/k1-item-0').at(-1)?.body).toEqual({ isCompleted: true });
    await vi.waitFor(() => expect([ticked(), done()]).toEqual([false, 0]));
    expect(useOutbox.getState().changes).toEqual([]);
  });

  it('keeps a due date set while it waits, and puts the one before back when it is refused', async () => {
    const dueOf = (id: string) =>
      sut
        .getState()
        .board?.lists.flatMap((list) => list.cards)
        .find((card) => card._id === id)?.dueAt;
    const { api, online } = await openOffline();
    const dueAt = '2030-05-01T09:30:00.000Z';
    const args = { cardId: 'c3', change: { dueAt }, before: { dueAt: null, dueComplete: false } };
    await sut.getState().queue({ kind: 'card.due', args }, 'c3');
    expect(dueOf('c3')).toBe(dueAt);
    await sut.getState().refresh();
    expect(dueOf('c3')).toBe(dueAt);

    online();
    await drainOutbox();
    expect(api.calls('PUT /api/cards/c3').at(-1)?.body).toEqual({ dueAt });
    await vi.waitFor(() => expect(dueOf('c3')).toBeUndefined());
  });

  it('keeps field values set while they wait, and puts the ones before back when refused', async () => {
    const fieldsOf = (id: string) =>
      sut
        .getState()
        .board?.lists.flatMap((list) => list.cards)
        .find((card) => card._id === id)?.fields;
    let connected = false;
    const api = stubApi({
      'GET /api/boards/b1': () => boardResponse(buildBoardDetail()),
      'PUT /api/cards/c2': () =>
        connected ? errorResponse(400, 'fields.f1: must be a finite number') : offline(),
    });
    sut.getState().open('b1');
    await sut.getState().refresh();

    const args = { cardId: 'c2', changes: { f1: 5, f2: null }, before: { f1: null, f2: null } };
    await sut.getState().queue({ kind: 'card.fields', args }, 'c2');
    expect(fieldsOf('c2')).toEqual({ f1: 5 });
    await sut.getState().refresh();
    expect(fieldsOf('c2')).toEqual({ f1: 5 });

    connected = true;
    await drainOutbox();
    expect(api.calls('PUT /api/cards/c2').at(-1)?.body).toEqual({ fields: { f1: 5, f2: null } });
    await vi.waitFor(() => expect(fieldsOf('c2')).toBeUndefined());
  });
});
