import { compactBoard, FIELD_LIMITS, type BoardDetail, type BoardField } from '@papan/shared';
import type { Cast } from '../helpers/cast';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { castOf, fieldCalls, fieldWorld, UNKNOWN_ID } from './field-world';

const RED = '#ff0000';

describe('custom field values on cards', () => {
  let t: TestApp;
  let cast: Cast;
  let calls: ReturnType<typeof fieldCalls>;
  let boardId: string;
  let listId: string;
  let cardId: string;
  let f: Record<'text' | 'number' | 'date' | 'checkbox' | 'select' | 'url' | 'other', BoardField>;
  let socket: ClientSocket;
  let log: EventLog;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    calls = fieldCalls(t, cast);
    ({ boardId, listId, cardId } = await fieldWorld(t, cast));
    const select = (name: string) => ({ name, type: 'select', options: [{ name: 'One', color: RED }] });
    f = {
      text: await calls.field(boardId, { name: 'Notes', type: 'text' }),
      number: await calls.field(boardId, { name: 'Points', type: 'number' }),
      date: await calls.field(boardId, { name: 'Start', type: 'date' }),
      checkbox: await calls.field(boardId, { name: 'Billable', type: 'checkbox' }),
      select: await calls.field(boardId, select('Size')),
      url: await calls.field(boardId, { name: 'Link', type: 'url' }),
      other: await calls.field(boardId, select('Other')),
    };
    socket = await connect(await listen(t), cast.owner.token);
    await joinBoard(socket, boardId);
    log = new EventLog(socket);
  });
  afterAll(async () => {
    socket.close();
    await t.close();
  });

  const option = () => f.select.options[0]!._id;

  it('stores a valid value of every type, answers the card and emits card.updated with it', async () => {
    const values = {
      [f.text._id]: 'Call the supplier',
      [f.number._id]: -2.5,
      [f.date._id]: '2028-02-29',
      [f.checkbox._id]: false,
      [f.select._id]: option(),
      [f.url._id]: 'https://example.com/a?b=c',
    };
    const res = await calls.putCard(cardId, { fields: values });
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual(values);
    expect((await calls.card(boardId, cardId)).fields).toEqual(values);
    const event = await log.waitFor((e) => e.type === 'card.updated' && e.payload._id === cardId);
    expect(event.payload).toMatchObject({ _id: cardId, fields: values });
  });

  it('clears a value with null and keeps the fields not named', async () => {
    const before = (await calls.card(boardId, cardId)).fields;
    const res = await calls.putCard(cardId, { fields: { [f.text._id]: null, [f.number._id]: 8 } });
    expect(res.status).toBe(200);
    const { [f.text._id]: _cleared, ...kept } = before;
    expect(res.body.fields).toEqual({ ...kept, [f.number._id]: 8 });
  });

  it.each([
    ['text', 'a number for text', 5, 'must be text'],
    ['text', 'blank text', '   ', 'must not be empty'],
    ['text', 'oversized text', 'x'.repeat(FIELD_LIMITS.text + 1), `at most ${FIELD_LIMITS.text}`],
    ['number', 'a string for a number', '5', 'must be a finite number'],
    ['date', 'a day that does not exist', '2026-02-30', 'YYYY-MM-DD'],
    ['date', 'a time', '2026-02-03T10:00:00Z', 'YYYY-MM-DD'],
    ['checkbox', 'a string for a checkbox', 'true', 'true or false'],
    ['select', "another field's option", 'other', "the field's options"],
    ['select', 'an unknown option', UNKNOWN_ID, "the field's options"],
    ['url', 'a javascript: URL', 'javascript:alert(1)', 'http or https'],
    ['url', 'not a URL', 'example.com', 'http or https'],
    [
      'url',
      'an oversized URL',
      `https://e.com/${'a'.repeat(FIELD_LIMITS.url)}`,
      `at most ${FIELD_LIMITS.url}`,
    ],
  ] as const)('refuses %s: %s, naming the field and storing nothing', async (type, _what, value, message) => {
    const before = await calls.card(boardId, cardId);
    const sent = value === 'other' ? f.other.options[0]!._id : value;
    const res = await calls.putCard(cardId, {
      title: 'Renamed with the bad value',
      fields: { [f.number._id]: 99, [f[type]._id]: sent },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`fields.${f[type]._id} (${f[type].name}): `);
    expect(res.body.message).toContain(message);
    expect(await calls.card(boardId, cardId)).toEqual(before);
  });

  it('refuses a field of no board or of another board, storing nothing', async () => {
    const elsewhere = await fieldWorld(t, cast, 'Elsewhere');
    const foreign = await calls.field(elsewhere.boardId, { name: 'Foreign', type: 'text' });
    const before = await calls.card(boardId, cardId);
    for (const id of [UNKNOWN_ID, foreign._id]) {
      const res = await calls.putCard(cardId, { title: 'No', fields: { [id]: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`fields.${id}: not a field of this board`);
    }
    expect(await calls.card(boardId, cardId)).toEqual(before);
  });

  it.each([
    ['a key that is not an id', { nope: 1 }, 'fields.nope'],
    ['an object value', { [UNKNOWN_ID]: { a: 1 } }, `fields.${UNKNOWN_ID}`],
    ['an array', [1], 'fields'],
    ['NUL in text', { [UNKNOWN_ID]: 'a\u0000b' }, `fields.${UNKNOWN_ID}`],
  ])('refuses %s with a 400 before looking', async (_what, fields, path) => {
    const res = await calls.putCard(cardId, { fields });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(path);
  });

  it('keeps revisions: a stale If-Match is a 412 with the current card and stores nothing', async () => {
    const current = await calls.card(boardId, cardId);
    const ok = await calls
      .putCard(cardId, { fields: { [f.checkbox._id]: true } })
      .set('If-Match', String(current.revision));
    expect(ok.status).toBe(200);
    expect(ok.body.revision).toBe(current.revision + 1);
    const stale = await calls
      .putCard(cardId, { fields: { [f.checkbox._id]: false } })
      .set('If-Match', String(current.revision));
    expect(stale.status).toBe(412);
    expect(stale.body.current.fields[f.checkbox._id]).toBe(true);
  });

  it('lets a stranger set nothing (403)', async () => {
    const res = await calls.putCard(cardId, { fields: { [f.number._id]: 1 } }, cast.stranger);
    expect(res.status).toBe(403);
  });

  it('reads the same in the compact read: fields only when any, with createdAt and updatedAt', async () => {
    const empty = (
      await t.http.post(`/api/lists/${listId}/cards`).set(cast.member.auth).send({ title: 'Bare' })
    ).body;
    const full = (await calls.board(boardId)) as BoardDetail;
    const compact = await calls.board(boardId, 'compact');
    expect(compact).toEqual(compactBoard(full));
    expect(compact.fields).toEqual(full.fields);
    const cardsOf = compact.lists.flatMap((l: { cards: object[] }) => l.cards);
    const filled = cardsOf.find((c: { _id: string }) => c._id === cardId);
    const bare = cardsOf.find((c: { _id: string }) => c._id === empty._id);
    expect(Object.keys(filled.fields).length).toBeGreaterThan(0);
    expect(bare).not.toHaveProperty('fields');
    expect(bare.createdAt).toBe(empty.createdAt);
    expect(bare.updatedAt).toBe(empty.updatedAt);
  });

  it('goes with a card copy and with a card made from a template', async () => {
    const values = (await calls.card(boardId, cardId)).fields;
    const copy = await t.http.post(`/api/cards/${cardId}/copy`).set(cast.member.auth);
    expect(copy.status).toBe(201);
    expect(copy.body.fields).toEqual(values);
    await calls.putCard(copy.body._id, { isTemplate: true });
    const made = await t.http
      .post(`/api/lists/${listId}/cards`)
      .set(cast.member.auth)
      .send({ templateId: copy.body._id });
    expect(made.status).toBe(201);
    expect(made.body.fields).toEqual(values);
  });

  it('goes with a board copy, by the new fields ids', async () => {
    const values = (await calls.card(boardId, cardId)).fields;
    const res = await t.http
      .post(`/api/boards/${boardId}/copy`)
      .set(cast.member.auth)
      .send({ title: 'Copy', cards: 'all' });
    expect(res.status).toBe(201);
    const copy = (await t.http.get(`/api/boards/${res.body._id}`).set(cast.member.auth)).body as BoardDetail;
    const source = (await calls.board(boardId)) as BoardDetail;
    expect(
      copy.fields.map(({ name, type, options, position }) => ({ name, type, options, position })),
    ).toEqual(source.fields.map(({ name, type, options, position }) => ({ name, type, options, position })));
    const idOf = new Map(source.fields.map((field, i) => [field._id, copy.fields[i]!._id]));
    const copied = copy.lists.flatMap((l) => l.cards).find((c) => c.title === 'Card')!;
    expect(copied.fields).toEqual(
      Object.fromEntries(Object.entries(values).map(([k, v]) => [idOf.get(k), v])),
    );
  });
});
