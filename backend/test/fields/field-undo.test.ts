import type { Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { castOf, fieldCalls, fieldWorld } from './field-world';

describe('custom field values and undo', () => {
  let t: TestApp;
  let cast: Cast;
  let calls: ReturnType<typeof fieldCalls>;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    calls = fieldCalls(t, cast);
  });
  afterAll(() => t.close());

  const undo = (token: string) => t.http.post(`/api/undo/${token}`).set(cast.member.auth);

  it('brings a deleted card back with its values', async () => {
    const { boardId, cardId } = await fieldWorld(t, cast);
    const points = await calls.field(boardId, { name: 'Points', type: 'number' });
    await calls.putCard(cardId, { fields: { [points._id]: 2 } });
    const deleted = await t.http.delete(`/api/cards/${cardId}`).set(cast.member.auth);
    expect((await undo(deleted.body.undoToken)).status).toBe(200);
    expect((await calls.card(boardId, cardId)).fields).toEqual({ [points._id]: 2 });
  });

  it('brings a deleted list back without the values of a field deleted meanwhile', async () => {
    const { boardId, listId, cardId } = await fieldWorld(t, cast);
    const points = await calls.field(boardId, { name: 'Points', type: 'number' });
    const size = await calls.field(boardId, {
      name: 'Size',
      type: 'select',
      options: [
        { name: 'S', color: '#000' },
        { name: 'M', color: '#000' },
      ],
    });
    const flag = await calls.field(boardId, { name: 'Flag', type: 'checkbox' });
    await calls.putCard(cardId, {
      fields: { [points._id]: 2, [size._id]: size.options[0]!._id, [flag._id]: true },
    });
    const deleted = await t.http.delete(`/api/lists/${listId}`).set(cast.member.auth);
    expect(deleted.status).toBe(200);
    expect((await calls.deleteField(points._id)).status).toBe(200);
    expect((await calls.patchField(size._id, { options: [size.options[1]] })).status).toBe(200);
    const res = await undo(deleted.body.undoToken);
    expect(res.status).toBe(200);
    expect((await calls.card(boardId, cardId)).fields).toEqual({ [flag._id]: true });
  });
});
