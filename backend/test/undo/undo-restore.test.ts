import { applyEvent, type BoardEvent, type CompactBoardDetail } from '@papan/shared';
import { storedRows } from '../attachments/attachment-helpers';
import { castOf, type Cast } from '../helpers/cast';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { boardRead, cardPicture, compactRead, richBoard } from './undo-world';

/** An undo brings back exactly what a delete took, with its ids, live (docs/api.md, "Undo"). */
describe('POST /api/undo/{undoToken} restores', () => {
  let t: TestApp;
  let cast: Cast;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    url = await listen(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  /** The member watches the board: their socket's events, and their compact board as they last read it. */
  async function watcher(boardId: string) {
    const socket = await connect(url, cast.member.token);
    sockets.push(socket);
    await joinBoard(socket, boardId);
    return { log: new EventLog(socket), board: await compactRead(t, cast.member, boardId) };
  }

  /** Deletes with `path`, undoes, and checks what the watcher saw: the delete, then one event. */
  async function deleteAndUndo(boardId: string, path: string, undoneType: BoardEvent['type']) {
    const seen = await watcher(boardId);
    const deleted = await t.http.delete(path).set(cast.owner.auth).expect(200);
    expect(deleted.body.undoToken).toMatch(/^[\w-]{43}$/);
    const undone = await t.http.post(`/api/undo/${deleted.body.undoToken}`).set(cast.owner.auth);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ boardId, type: undoneType });
    await seen.log.waitFor((e) => e.type === undoneType);
    await settle(150);
    expect(seen.log.events.map((e) => e.type)).toEqual([seen.log.events[0].type, undoneType]);
    expect(Number(undone.headers['board-version'])).toBe(seen.log.events[1].version);
    expect(seen.log.events[1].payload).toEqual(undone.body.payload);
    // The watcher's board, moved on by the two events alone, is the board the server reads now.
    const replayed = structuredClone(seen.board) as CompactBoardDetail;
    for (const event of seen.log.events) expect(applyEvent(replayed, event)).toBe(true);
    const after = await compactRead(t, cast.member, boardId);
    expect({ ...replayed, version: after.version, updatedAt: after.updatedAt }).toEqual(after);
    return undone.body;
  }

  it('a card exactly as it was: place, labels, checklists, comments, members, due date, files and cover', async () => {
    const world = await richBoard(t, cast);
    const board = await boardRead(t, cast.owner, world.boardId);
    const picture = await cardPicture(t, cast.owner, world.target);
    const rows = await storedRows(t);

    const undone = await deleteAndUndo(world.boardId, `/api/cards/${world.target}`, 'card.created');

    expect(undone.payload._id).toBe(world.target);
    expect(await boardRead(t, cast.owner, world.boardId)).toEqual(board);
    expect(await cardPicture(t, cast.owner, world.target)).toEqual(picture);
    expect(await storedRows(t)).toEqual(rows);
    const target = board.lists[0].cards[1];
    expect(target.labels).toHaveLength(2);
    expect(target.checklists.map((c) => c.items.length)).toEqual([2, 2, 2]);
    expect(target).toMatchObject({ dueAt: '2031-05-06T07:08:09.000Z', memberIds: [cast.member._id] });
    expect(target.coverAttachmentId).toBe(world.image._id);
    expect(picture.comments).toHaveLength(3);
    expect(picture.bytes).toHaveLength(3); // the image, its thumbnail and the file
  });

  it('a list with all its cards and what they hold, in its place', async () => {
    const world = await richBoard(t, cast);
    const board = await boardRead(t, cast.owner, world.boardId);
    const picture = await cardPicture(t, cast.owner, world.target);
    const rows = await storedRows(t);

    const undone = await deleteAndUndo(world.boardId, `/api/lists/${world.listId}`, 'list.created');

    expect(undone.payload.cards.map((c: { _id: string }) => c._id)).toEqual(
      board.lists[0].cards.map((c) => c._id),
    );
    expect(await boardRead(t, cast.owner, world.boardId)).toEqual(board);
    expect(await cardPicture(t, cast.owner, world.target)).toEqual(picture);
    expect(await storedRows(t)).toEqual(rows);
  });

  it('a card deleted before its list comes back after the list is undone', async () => {
    const world = await richBoard(t, cast);
    const board = await boardRead(t, cast.owner, world.boardId);
    const cardToken = (await t.http.delete(`/api/cards/${world.target}`).set(cast.owner.auth)).body.undoToken;
    const listToken = (await t.http.delete(`/api/lists/${world.listId}`).set(cast.owner.auth)).body.undoToken;
    await t.http.post(`/api/undo/${listToken}`).set(cast.owner.auth).expect(200);
    await t.http.post(`/api/undo/${cardToken}`).set(cast.owner.auth).expect(200);
    expect(await boardRead(t, cast.owner, world.boardId)).toEqual(board);
  });

  it('a checklist with its items, between the checklists it was between', async () => {
    const world = await richBoard(t, cast);
    const board = await boardRead(t, cast.owner, world.boardId);
    const picture = await cardPicture(t, cast.owner, world.target);
    const middle = world.checklistIds[1];

    const undone = await deleteAndUndo(world.boardId, `/api/checklists/${middle}`, 'card.updated');

    expect(undone.payload.checklists.map((c: { _id: string }) => c._id)).toEqual(world.checklistIds);
    expect(await boardRead(t, cast.owner, world.boardId)).toEqual(board);
    expect(await cardPicture(t, cast.owner, world.target)).toEqual(picture);
  });

  it('a comment with its id, author and times, among the comments it was between', async () => {
    const world = await richBoard(t, cast);
    const picture = await cardPicture(t, cast.owner, world.target);
    const middle = world.commentIds[1];

    const undone = await deleteAndUndo(world.boardId, `/api/comments/${middle}`, 'comment.created');

    expect(undone.payload).toEqual(picture.comments[1]);
    expect(await cardPicture(t, cast.owner, world.target)).toEqual(picture);
  });

  it('says so in the activity feed', async () => {
    const world = await richBoard(t, cast);
    const token = (await t.http.delete(`/api/cards/${world.target}`).set(cast.owner.auth)).body.undoToken;
    await t.http.post(`/api/undo/${token}`).set(cast.owner.auth).expect(200);
    const feed = await t.http.get(`/api/boards/${world.boardId}/activities`).set(cast.owner.auth).expect(200);
    const [latest] = (feed.body.activities ?? feed.body) as {
      actionType: string;
      template: string;
      params: object;
    }[];
    expect(latest).toMatchObject({
      actionType: 'UNDO_DELETE',
      template: 'card.undeleted',
      params: { card: 'Target', list: 'To do' },
    });
  });
});
