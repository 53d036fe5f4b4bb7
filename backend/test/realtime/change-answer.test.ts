import { parseBoardEvent, type BoardEvent } from '@papan/shared';
import { createBoard, createUser } from '../helpers/factories';
import { connect, joinBoard, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const PREFER = { Prefer: 'papan-change' };

/** docs/api.md, "Boards": `Prefer: papan-change` answers `{data, event}`, the event every screen gets. */
describe('the answer of a board change with Prefer: papan-change', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
  });
  afterAll(() => t.close());

  it('is the documented answer and the committed event, the very one the socket carries', async () => {
    const owner = await createUser(t);
    const board = await createBoard(t, owner);
    const socket = await connect(url, owner.token);
    await joinBoard(socket, board._id);
    const heard: BoardEvent[] = [];
    socket.on('board:event', (e: BoardEvent) => heard.push(e));

    const list = await t.http
      .post(`/api/boards/${board._id}/lists`)
      .set(owner.auth)
      .set(PREFER)
      .send({ title: 'L' });
    const plain = await t.http.post(`/api/boards/${board._id}/lists`).set(owner.auth).send({ title: 'M' });

    expect(list.status).toBe(201);
    expect(list.headers['preference-applied']).toBe('papan-change');
    const { data, event } = list.body as { data: { _id: string; title: string }; event: BoardEvent };
    expect(data).toMatchObject({ title: 'L' });
    expect(parseBoardEvent(event).ok).toBe(true);
    expect(event).toMatchObject({
      type: 'list.created',
      boardId: board._id,
      actorId: owner._id,
      payload: data,
    });
    expect(Number(list.headers['board-version'])).toBe(event.version);
    for (let i = 0; i < 50 && heard.length < 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(heard[0]).toEqual(event);
    // Without the preference the answer is the plain one the API documents.
    expect(plain.body).toMatchObject({ title: 'M' });
    expect(plain.headers['preference-applied']).toBeUndefined();
    socket.disconnect();
  });

  it('carries no event when nothing changed or the answer is replayed for a retried key, and refusals keep their body', async () => {
    const owner = await createUser(t);
    const board = await createBoard(t, owner);
    const key = { 'Idempotency-Key': `answer-${Date.now()}` };
    const create = () =>
      t.http
        .post(`/api/boards/${board._id}/lists`)
        .set(owner.auth)
        .set(PREFER)
        .set(key)
        .send({ title: 'Once' });

    const first = await create();
    const again = await create();
    const refused = await t.http
      .post(`/api/boards/${board._id}/lists`)
      .set(owner.auth)
      .set(PREFER)
      .send({ title: '' });
    // Inviting someone who is already a member changes nothing.
    const same = await t.http
      .post(`/api/boards/${board._id}/members`)
      .set(owner.auth)
      .set(PREFER)
      .send({ email: owner.email });

    expect(first.body.event).toMatchObject({ type: 'list.created' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual({ data: first.body.data, event: null });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^title/) });
    expect(same.status).toBe(201);
    expect(same.body).toMatchObject({ data: { message: expect.any(String) }, event: null });
  });
});
