import { eq } from 'drizzle-orm';
import { FIELD_LIMITS, type BoardEvent, type BoardField } from '@papan/shared';
import { boardFields, cards } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import type { Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { castOf, fieldCalls, fieldWorld, UNKNOWN_ID } from './field-world';

const RED = '#ff0000';

describe('custom fields', () => {
  let t: TestApp;
  let cast: Cast;
  let calls: ReturnType<typeof fieldCalls>;
  const events: BoardEvent[] = [];
  const eventsOf = (boardId: string) => events.filter((e) => e.boardId === boardId);

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    calls = fieldCalls(t, cast);
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  describe('POST /api/boards/:id/fields', () => {
    it('makes a field of every type after the others, with field.created', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const made: BoardField[] = [];
      for (const type of ['text', 'number', 'date', 'checkbox', 'url'])
        made.push(await calls.field(boardId, { name: `A ${type}`, type }));
      made.push(
        await calls.field(boardId, {
          name: 'Stage',
          type: 'select',
          options: [{ name: 'Low', color: RED }],
          showOnCard: true,
        }),
      );
      expect(made.map((f) => f.position)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(made[0]).toEqual({
        _id: expect.any(String),
        boardId,
        name: 'A text',
        type: 'text',
        options: [],
        showOnCard: false,
        position: 0,
      });
      expect(made[5]!.options).toEqual([{ _id: expect.any(String), name: 'Low', color: RED }]);
      expect(made[5]!.showOnCard).toBe(true);
      const created = eventsOf(boardId).filter((e) => e.type === 'field.created');
      expect(created.map((e) => e.payload)).toEqual(made);
    });

    it('keeps an option id sent with the option', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const id = '11111111-1111-4111-8111-111111111111';
      const field = await calls.field(boardId, {
        name: 'Size',
        type: 'select',
        options: [
          { _id: id, name: 'S', color: RED },
          { name: 'M', color: '#00f' },
        ],
      });
      expect(field.options[0]!._id).toBe(id);
      expect(field.options[1]!._id).not.toBe(id);
    });

    it.each([
      ['a select without options', { name: 'S', type: 'select' }, 'options: a select field needs'],
      [
        'a select with no options',
        { name: 'S', type: 'select', options: [] },
        'options: a select field needs',
      ],
      [
        'options on a text field',
        { name: 'T', type: 'text', options: [{ name: 'x', color: RED }] },
        'options:',
      ],
      ['an unknown type', { name: 'T', type: 'money' }, 'type:'],
      ['an empty name', { name: '  ', type: 'text' }, 'name:'],
      ['an oversized name', { name: 'n'.repeat(FIELD_LIMITS.name + 1), type: 'text' }, 'name:'],
      [
        'too many options',
        {
          name: 'S',
          type: 'select',
          options: Array.from({ length: FIELD_LIMITS.options + 1 }, (_, i) => ({
            name: `o${i}`,
            color: RED,
          })),
        },
        'options:',
      ],
      [
        'a bad option colour',
        { name: 'S', type: 'select', options: [{ name: 'x', color: 'red' }] },
        'options.0.color',
      ],
      [
        'an option id twice',
        {
          name: 'S',
          type: 'select',
          options: [
            { _id: UNKNOWN_ID, name: 'x', color: RED },
            { _id: UNKNOWN_ID, name: 'y', color: RED },
          ],
        },
        'options.1._id',
      ],
    ])('refuses %s with a 400 naming it, storing nothing', async (_what, body, message) => {
      const { boardId } = await fieldWorld(t, cast);
      const res = await calls.createField(boardId, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await t.db.select().from(boardFields).where(eq(boardFields.boardId, boardId))).toEqual([]);
    });

    it(`refuses field ${FIELD_LIMITS.perBoard + 1} with a 409`, async () => {
      const { boardId } = await fieldWorld(t, cast);
      await t.db.insert(boardFields).values(
        Array.from({ length: FIELD_LIMITS.perBoard }, (_, position) => ({
          boardId,
          name: `F${position}`,
          type: 'text' as const,
          position,
        })),
      );
      const res = await calls.createField(boardId, { name: 'One more', type: 'text' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`A board has at most ${FIELD_LIMITS.perBoard} fields.`);
    });

    it('lets concurrent creates past the limit overshoot nothing, each with its own place', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const before = FIELD_LIMITS.perBoard - 2;
      await t.db.insert(boardFields).values(
        Array.from({ length: before }, (_, position) => ({
          boardId,
          name: `F${position}`,
          type: 'text' as const,
          position,
        })),
      );
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => calls.createField(boardId, { name: `New ${i}`, type: 'number' })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
      const fields = (await calls.board(boardId)).fields as BoardField[];
      expect(fields.map((f) => f.position)).toEqual(
        Array.from({ length: FIELD_LIMITS.perBoard }, (_, i) => i),
      );
    });

    it('answers 403 to a stranger and 404 to an unknown board', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const body = { name: 'X', type: 'text' };
      expect((await calls.createField(boardId, body, cast.stranger)).status).toBe(403);
      expect((await calls.createField(UNKNOWN_ID, body)).status).toBe(404);
    });
  });

  describe('PATCH /api/fields/:id', () => {
    it('renames, shows on the card and moves a field, renumbering the others', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const [a, b, c] = [
        await calls.field(boardId, { name: 'A', type: 'text' }),
        await calls.field(boardId, { name: 'B', type: 'number' }),
        await calls.field(boardId, { name: 'C', type: 'date' }),
      ];
      const res = await calls.patchField(c!._id, { name: 'C2', showOnCard: true, position: 0 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        _id: c!._id,
        name: 'C2',
        showOnCard: true,
        position: 0,
        type: 'date',
      });
      const read = (await calls.board(boardId)).fields as BoardField[];
      expect(read.map((f) => [f.name, f.position])).toEqual([
        ['C2', 0],
        ['A', 1],
        ['B', 2],
      ]);
      // A position past the end is the end.
      await calls.patchField(a!._id, { position: FIELD_LIMITS.perBoard });
      const again = (await calls.board(boardId)).fields as BoardField[];
      expect(again.map((f) => f._id)).toEqual([c!._id, b!._id, a!._id]);
      const updated = eventsOf(boardId).filter((e) => e.type === 'field.updated');
      expect(updated.at(-1)!.payload).toMatchObject({ _id: a!._id, position: 2 });
    });

    it("replaces a select's options: values of the options left out leave every card", async () => {
      const { boardId, listId, cardId } = await fieldWorld(t, cast);
      const other = (
        await t.db.insert(cards).values({ boardId, listId, title: 'Other', position: 2 }).returning()
      )[0]!;
      const field = await calls.field(boardId, {
        name: 'Size',
        type: 'select',
        options: [
          { name: 'S', color: RED },
          { name: 'M', color: RED },
        ],
      });
      const [s, m] = field.options;
      expect((await calls.putCard(cardId, { fields: { [field._id]: s!._id } })).status).toBe(200);
      expect((await calls.putCard(other.id, { fields: { [field._id]: m!._id } })).status).toBe(200);
      const res = await calls.patchField(field._id, {
        options: [
          { _id: m!._id, name: 'Medium', color: '#00ff00' },
          { name: 'L', color: RED },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.options).toEqual([
        { _id: m!._id, name: 'Medium', color: '#00ff00' },
        { _id: expect.any(String), name: 'L', color: RED },
      ]);
      expect((await calls.card(boardId, cardId)).fields).toEqual({});
      expect((await calls.card(boardId, other.id)).fields).toEqual({ [field._id]: m!._id });
    });

    it.each([
      ['no select options', 'select', { options: [] }, 'options: a select field needs'],
      ['options on a number field', 'number', { options: [{ name: 'x', color: RED }] }, 'options: only'],
      [
        'an option id the field does not have',
        'select',
        { options: [{ _id: UNKNOWN_ID, name: 'x', color: RED }] },
        'options.0._id: not an option',
      ],
      ['a type change', 'text', { type: 'number' }, 'type'],
      ['nothing', 'text', {}, 'nothing to update'],
      ['a negative position', 'text', { position: -1 }, 'position:'],
    ])('refuses %s with a 400, changing nothing', async (_what, type, body, message) => {
      const { boardId } = await fieldWorld(t, cast);
      const field = await calls.field(boardId, {
        name: 'F',
        type,
        ...(type === 'select' ? { options: [{ name: 'o', color: RED }] } : {}),
      });
      const res = await calls.patchField(field._id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
      expect(((await calls.board(boardId)).fields as BoardField[])[0]).toEqual(field);
    });

    it('answers 403 to a stranger and 404 to an unknown field', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const field = await calls.field(boardId, { name: 'F', type: 'text' });
      expect((await calls.patchField(field._id, { name: 'X' }, cast.stranger)).status).toBe(403);
      expect((await calls.patchField(UNKNOWN_ID, { name: 'X' })).status).toBe(404);
    });
  });

  describe('DELETE /api/fields/:id', () => {
    it('deletes the field, its values leave every card and the fields after it move up', async () => {
      const { boardId, cardId } = await fieldWorld(t, cast);
      const a = await calls.field(boardId, { name: 'A', type: 'checkbox' });
      const b = await calls.field(boardId, { name: 'B', type: 'number' });
      await calls.putCard(cardId, { fields: { [a._id]: true, [b._id]: 3 } });
      const res = await calls.deleteField(a._id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Field deleted', _id: a._id });
      expect((await calls.card(boardId, cardId)).fields).toEqual({ [b._id]: 3 });
      expect((await calls.board(boardId)).fields).toEqual([{ ...b, position: 0 }]);
      expect(eventsOf(boardId).at(-1)).toMatchObject({ type: 'field.deleted', payload: { _id: a._id } });
      expect((await calls.deleteField(a._id)).status).toBe(404);
    });

    it('answers 403 to a stranger, even by the id of a field of another board', async () => {
      const { boardId } = await fieldWorld(t, cast);
      const field = await calls.field(boardId, { name: 'F', type: 'text' });
      expect((await calls.deleteField(field._id, cast.stranger)).status).toBe(403);
      expect((await calls.board(boardId)).fields).toHaveLength(1);
    });
  });
});
