import { applyEvent, type BoardEvent, type CompactBoardDetail, type PapanExport } from '@papan/shared';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { exportBoard, importFile } from '../board-transfer/transfer-helpers';
import { cardIn, compact, listWith, logOf, move } from './lane-helpers';

/** Swimlanes (docs/lanes.md): rows across a board's lists, managed by any member. */
describe('lanes', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
    url = await listen(t);
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  async function board() {
    const boardId = (await createBoard(t, owner, 'Lanes'))._id;
    await seedMember(t, boardId, member);
    return boardId;
  }
  const addLane = async (boardId: string, title: string, user = member) =>
    (await t.http.post(`/api/boards/${boardId}/lanes`).set(user.auth).send({ title }).expect(201)).body;

  it('a member adds, renames, reorders and deletes lanes; the reads carry them in order', async () => {
    const boardId = await board();
    const expedite = await addLane(boardId, 'Expedite');
    expect(expedite).toEqual({ _id: expect.any(String), title: 'Expedite', position: expect.any(Number) });
    const team = await addLane(boardId, '  Team A  ');
    expect(team.title).toBe('Team A');
    const other = await addLane(boardId, 'Other');
    const titles = async () => (await compact(t, member, boardId)).lanes.map((l) => l.title);
    expect(await titles()).toEqual(['Expedite', 'Team A', 'Other']);
    const moved = await t.http
      .put(`/api/lanes/${other._id}`)
      .set(member.auth)
      .send({ position: 0 })
      .expect(200);
    expect(moved.body).toMatchObject({ _id: other._id, title: 'Other' });
    expect(await titles()).toEqual(['Other', 'Expedite', 'Team A']);
    // Past the end is the end.
    await t.http.put(`/api/lanes/${other._id}`).set(member.auth).send({ position: 40 }).expect(200);
    expect(await titles()).toEqual(['Expedite', 'Team A', 'Other']);
    await t.http
      .put(`/api/lanes/${team._id}`)
      .set(member.auth)
      .send({ title: 'Team B', position: 2 })
      .expect(200);
    expect(await titles()).toEqual(['Expedite', 'Other', 'Team B']);
    const full = await t.http.get(`/api/boards/${boardId}`).set(member.auth).expect(200);
    expect(full.body.lanes.map((l: { title: string }) => l.title)).toEqual(['Expedite', 'Other', 'Team B']);
    await t.http
      .delete(`/api/lanes/${expedite._id}`)
      .set(member.auth)
      .expect(200, { message: 'Lane deleted', _id: expedite._id });
    expect(await titles()).toEqual(['Other', 'Team B']);
    await t.http.put(`/api/lanes/${expedite._id}`).set(member.auth).send({ title: 'x' }).expect(404);
  });

  it.each([
    ['POST', {}, 'title'],
    ['POST', { title: '   ' }, 'title'],
    ['POST', { title: 'x'.repeat(201) }, 'title'],
    ['POST', { title: 7 }, 'title'],
    ['PUT', {}, 'give at least one'],
    ['PUT', { position: -1 }, 'position'],
    ['PUT', { position: 1.5 }, 'position'],
    ['PUT', { position: '1' }, 'position'],
    ['PUT', { title: '' }, 'title'],
  ])('%s %j is a 400 naming the field, with nothing stored', async (method, body, field) => {
    const boardId = await board();
    const lane = await addLane(boardId, 'Lane');
    const before = await logOf(t, owner, boardId);
    const res =
      method === 'POST'
        ? await t.http.post(`/api/boards/${boardId}/lanes`).set(member.auth).send(body)
        : await t.http.put(`/api/lanes/${lane._id}`).set(member.auth).send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
    expect(await logOf(t, owner, boardId)).toEqual(before);
  });

  it('a board holds at most 50 lanes', async () => {
    const boardId = await board();
    for (let i = 0; i < 50; i++) await addLane(boardId, `Lane ${i}`);
    const res = await t.http
      .post(`/api/boards/${boardId}/lanes`)
      .set(member.auth)
      .send({ title: 'One more' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A board has at most 50 lanes.');
  });

  it('cards go to a lane by create, update and move; a deleted lane sends its cards to the default lane', async () => {
    const boardId = await board();
    const [todo, doing] = [
      await listWith(t, member, boardId, 'To do'),
      await listWith(t, member, boardId, 'Doing'),
    ];
    const [fast, slow] = [await addLane(boardId, 'Fast'), await addLane(boardId, 'Slow')];
    const a = await cardIn(t, member, todo, 'a', fast._id);
    const b = await cardIn(t, member, todo, 'b');
    const c = await cardIn(t, member, todo, 'c', fast._id);
    const updated = await t.http
      .put(`/api/cards/${b}`)
      .set(member.auth)
      .send({ laneId: slow._id })
      .expect(200);
    expect(updated.body.laneId).toBe(slow._id);
    let read = await compact(t, member, boardId);
    expect(read.lists[0].cards.map((x) => [x.title, x.laneId])).toEqual([
      ['a', fast._id],
      ['b', slow._id],
      ['c', fast._id],
    ]);
    // Into the Slow cell of Doing (empty): index 0 of the cell.
    const moved = await move(t, member, boardId, {
      cardId: c,
      sourceListId: todo,
      destListId: doing,
      destLaneId: slow._id,
      newPosition: 0,
    }).expect(200);
    expect(moved.body).toMatchObject({
      type: 'card.moved',
      payload: { cardId: c, toListId: doing, laneId: slow._id },
    });
    // Within To do, to the top of the Slow cell (before b), from Fast.
    await move(t, member, boardId, {
      cardId: a,
      sourceListId: todo,
      destListId: todo,
      destLaneId: slow._id,
      newPosition: 0,
    }).expect(200);
    read = await compact(t, member, boardId);
    expect(read.lists[0].cards.map((x) => [x.title, x.laneId])).toEqual([
      ['a', slow._id],
      ['b', slow._id],
    ]);
    // A lane change alone, the card staying where it is in its list: to the default lane.
    const alone = await move(t, member, boardId, {
      cardId: b,
      sourceListId: todo,
      destListId: todo,
      destLaneId: null,
      newPosition: 0,
    }).expect(200);
    expect(alone.body.payload).toMatchObject({ cardId: b, laneId: null });
    // Without destLaneId a move keeps the lane.
    await move(t, member, boardId, {
      cardId: a,
      sourceListId: todo,
      destListId: doing,
      newPosition: 1,
    }).expect(200);
    read = await compact(t, member, boardId);
    expect(read.lists[1].cards.map((x) => [x.title, x.laneId])).toEqual([
      ['c', slow._id],
      ['a', slow._id],
    ]);
    await t.http.delete(`/api/lanes/${slow._id}`).set(member.auth).expect(200);
    read = await compact(t, member, boardId);
    expect(read.lists.flatMap((l) => l.cards).every((x) => x.laneId === undefined)).toBe(true);
    const full = await t.http.get(`/api/boards/${boardId}`).set(member.auth).expect(200);
    expect(full.body.lists[1].cards.map((x: { laneId: string | null }) => x.laneId)).toEqual([null, null]);
  });

  it("another board's lane is refused, and nothing changes", async () => {
    const boardId = await board();
    const elsewhere = await addLane(await board(), 'Elsewhere');
    const todo = await listWith(t, member, boardId, 'To do');
    const card = await cardIn(t, member, todo, 'a');
    const before = await logOf(t, owner, boardId);
    const res = [
      await t.http.put(`/api/cards/${card}`).set(member.auth).send({ laneId: elsewhere._id }),
      await t.http
        .post(`/api/lists/${todo}/cards`)
        .set(member.auth)
        .send({ title: 'x', laneId: elsewhere._id }),
      await move(t, member, boardId, {
        cardId: card,
        sourceListId: todo,
        destListId: todo,
        destLaneId: elsewhere._id,
        newPosition: 0,
      }),
    ];
    expect(res.map((r) => [r.status, r.body.message])).toEqual([
      [400, 'laneId: not a lane of this board'],
      [400, 'laneId: not a lane of this board'],
      [400, 'destLaneId: not a lane of this board'],
    ]);
    expect(await logOf(t, owner, boardId)).toEqual(before);
  });

  it('every lane change reaches a watcher, and applying the events gives the board the server reads', async () => {
    const boardId = await board();
    const todo = await listWith(t, member, boardId, 'To do');
    const start: CompactBoardDetail = await compact(t, owner, boardId);
    const socket = await connect(url, owner.token);
    sockets.push(socket);
    await joinBoard(socket, boardId);
    const log = new EventLog(socket);
    const [x, y] = [await addLane(boardId, 'X'), await addLane(boardId, 'Y')];
    const card = await cardIn(t, member, todo, 'a', x._id);
    await move(t, member, boardId, {
      cardId: card,
      sourceListId: todo,
      destListId: todo,
      destLaneId: y._id,
      newPosition: 0,
    }).expect(200);
    await t.http.put(`/api/lanes/${y._id}`).set(member.auth).send({ title: 'Why', position: 0 }).expect(200);
    await t.http.delete(`/api/lanes/${y._id}`).set(member.auth).expect(200);
    await log.waitFor((e) => e.type === 'lane.deleted');
    await settle(100);
    expect(log.events.map((e) => e.type)).toEqual([
      'lane.created',
      'lane.created',
      'card.created',
      'card.moved',
      'lane.updated',
      'lane.deleted',
    ]);
    const replayed = structuredClone(start);
    for (const event of log.events as BoardEvent[]) expect(applyEvent(replayed, event)).toBe(true);
    const now = await compact(t, owner, boardId);
    expect({ ...replayed, version: now.version, updatedAt: now.updatedAt }).toEqual(now);
  });

  it('a Papan export and its import carry the lanes, the cards in them and the WIP limits', async () => {
    const boardId = await board();
    const todo = await listWith(t, member, boardId, 'To do', { wipLimit: 4, wipMode: 'hard' });
    const [x, y] = [await addLane(boardId, 'X'), await addLane(boardId, 'Y')];
    await t.http.put(`/api/lanes/${y._id}`).set(member.auth).send({ position: 0 }).expect(200);
    await cardIn(t, member, todo, 'a', x._id);
    await cardIn(t, member, todo, 'b');
    await cardIn(t, member, todo, 'c', y._id);
    const file = await exportBoard(t, owner, boardId, 'json').expect(200);
    const doc = JSON.parse(file.body.toString()) as PapanExport;
    expect(doc.lanes).toEqual([
      { id: y._id, title: 'Y' },
      { id: x._id, title: 'X' },
    ]);
    expect(doc.lists[0]).toMatchObject({ wipLimit: 4, wipMode: 'hard' });
    expect(doc.lists[0].cards.map((c) => c.lane)).toEqual([x._id, null, y._id]);
    const imported = await importFile(t, owner, file.body).expect(201);
    const read = await compact(t, owner, imported.body._id);
    expect(read.lanes.map((l) => l.title)).toEqual(['Y', 'X']);
    const laneTitle = new Map(read.lanes.map((l) => [l._id, l.title]));
    expect(read.lists[0]).toMatchObject({ wipLimit: 4, wipMode: 'hard' });
    expect(read.lists[0].cards.map((c) => [c.title, c.laneId && laneTitle.get(c.laneId)])).toEqual([
      ['a', 'X'],
      ['b', undefined],
      ['c', 'Y'],
    ]);
    // A card naming a lane the file does not have is refused by name.
    doc.lists[0].cards[0].lane = 'no-such-lane';
    const bad = await importFile(t, owner, Buffer.from(JSON.stringify(doc)));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('lists.0.cards.0.lane');
  });
});
