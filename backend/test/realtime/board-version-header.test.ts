import { createBoard, createUser, seedList } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** docs/api.md: every answer of a board change names the version it made. */
describe('the Board-Version header', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t.close());

  it('is on every answer that changed a board, counting up, and on no read', async () => {
    const owner = await createUser(t, { name: 'Owner' });
    const board = await createBoard(t, owner);
    const read = await t.http.get(`/api/boards/${board._id}`).set(owner.auth);
    expect(read.headers['board-version']).toBeUndefined();
    const start = read.body.version as number;

    const list = await t.http.post(`/api/boards/${board._id}/lists`).set(owner.auth).send({ title: 'L' });
    expect(list.status).toBe(201);
    expect(list.headers['board-version']).toBe(String(start + 1));
    const card = await t.http.post(`/api/lists/${list.body._id}/cards`).set(owner.auth).send({ title: 'C' });
    expect(card.headers['board-version']).toBe(String(start + 2));
    const renamed = await t.http.put(`/api/cards/${card.body._id}`).set(owner.auth).send({ title: 'D' });
    expect(renamed.headers['board-version']).toBe(String(start + 3));
    const other = await seedList(t, board._id, 'M', 4096);
    const moved = await t.http.put(`/api/boards/${board._id}/dnd`).set(owner.auth).send({
      type: 'card',
      cardId: card.body._id,
      sourceListId: list.body._id,
      destListId: other.id,
      newPosition: 0,
    });
    expect(moved.body.version).toBe(Number(moved.headers['board-version']));
    const deleted = await t.http.delete(`/api/cards/${card.body._id}`).set(owner.auth);
    expect(Number(deleted.headers['board-version'])).toBe(moved.body.version + 1);
  });

  it('is absent when the change was refused', async () => {
    const owner = await createUser(t, { name: 'Owner 2' });
    const board = await createBoard(t, owner);
    const refused = await t.http.post(`/api/boards/${board._id}/lists`).set(owner.auth).send({ title: '' });
    expect(refused.status).toBe(400);
    expect(refused.headers['board-version']).toBeUndefined();
  });
});
