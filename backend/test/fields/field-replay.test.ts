import { applyEvent, type BoardEvent, type CompactBoardDetail } from '@papan/shared';
import type { Cast } from '../helpers/cast';
import { seedCard } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { castOf, fieldCalls, fieldWorld } from './field-world';

const RED = '#ff0000';

/** A reader that holds the compact board and follows the log reaches the board the server reads. */
describe('custom field events replayed on the compact board', () => {
  let t: TestApp;
  let cast: Cast;
  let calls: ReturnType<typeof fieldCalls>;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    calls = fieldCalls(t, cast);
  });
  afterAll(() => t.close());

  it('ends with the same fields and values after creates, values, a move, an option removed and a delete', async () => {
    const { boardId, listId, cardId } = await fieldWorld(t, cast);
    const otherId = (await seedCard(t, boardId, listId, 'Other', 2)).id;
    const start = (await calls.board(boardId, 'compact')) as CompactBoardDetail;

    const points = await calls.field(boardId, { name: 'Points', type: 'number' });
    const size = await calls.field(boardId, {
      name: 'Size',
      type: 'select',
      options: [
        { name: 'S', color: RED },
        { name: 'M', color: RED },
      ],
    });
    const due = await calls.field(boardId, { name: 'Start', type: 'date', showOnCard: true });
    const [s, m] = size.options;
    await calls.putCard(cardId, { fields: { [points._id]: 3, [size._id]: s!._id, [due._id]: '2027-05-01' } });
    await calls.putCard(otherId, { fields: { [size._id]: m!._id, [points._id]: 1 } });
    await calls.patchField(due._id, { position: 0, name: 'Kick-off' });
    await calls.patchField(size._id, { options: [m, { name: 'L', color: RED }] });
    await calls.deleteField(points._id);
    await calls.putCard(otherId, { fields: { [due._id]: '2027-06-01' } });

    const log = await t.http.get(`/api/boards/${boardId}/events?after=${start.version}`).set(cast.owner.auth);
    expect(log.status).toBe(200);
    const events = log.body.events as BoardEvent[];
    expect(events.map((e) => e.type)).toEqual([
      'field.created',
      'field.created',
      'field.created',
      'card.updated',
      'card.updated',
      'field.updated',
      'field.updated',
      'field.deleted',
      'card.updated',
    ]);
    const replayed = structuredClone(start);
    for (const event of events) expect(applyEvent(replayed, event)).toBe(true);
    const after = (await calls.board(boardId, 'compact')) as CompactBoardDetail;
    expect({ ...replayed, version: after.version, updatedAt: after.updatedAt }).toEqual(after);
    expect(after.fields.map((f) => [f.name, f.position])).toEqual([
      ['Kick-off', 0],
      ['Size', 1],
    ]);
    const cards = after.lists.flatMap((l) => l.cards);
    expect(cards.find((c) => c._id === cardId)!.fields).toEqual({ [due._id]: '2027-05-01' });
    expect(cards.find((c) => c._id === otherId)!.fields).toEqual({
      [size._id]: m!._id,
      [due._id]: '2027-06-01',
    });
  });
});
