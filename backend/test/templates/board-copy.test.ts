import { eq } from 'drizzle-orm';
import type { BoardDetail, BoardEvent, BoardSummary, RuleAction, RuleTrigger } from '@papan/shared';
import { rules } from '../../src/database/schema';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { cardIn, listWith, logOf } from '../lanes/lane-helpers';

/** `POST /api/boards/{id}/copy` (docs/api.md, "Templates and board copy"). */
describe('board copy', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  const read = async (boardId: string, user = cast.owner): Promise<BoardDetail> =>
    (await t.http.get(`/api/boards/${boardId}`).set(user.auth).expect(200)).body;

  /**
   * A source board with two lists (a stage each, a hard limit on Doing, which is full), two lanes,
   * a custom label, a template card and two plain ones (one with a member who is not the copier),
   * and three rules naming its lists, labels and its owner (the copier in most tests is the member).
   */
  async function source() {
    const boardId = (await castBoard(t, cast, 'Sprint'))._id;
    await t.http.put(`/api/boards/${boardId}`).set(cast.owner.auth).send({ description: 'Two weeks' });
    const todo = await listWith(t, cast.owner, boardId, 'To do');
    const doing = await listWith(t, cast.owner, boardId, 'Doing', { wipLimit: 1, wipMode: 'hard' });
    await t.http.put(`/api/lists/${todo}`).set(cast.owner.auth).send({ stage: 'backlog' }).expect(200);
    await t.http.put(`/api/lists/${doing}`).set(cast.owner.auth).send({ stage: 'active' }).expect(200);
    const fast = (
      await t.http.post(`/api/boards/${boardId}/lanes`).set(cast.owner.auth).send({ title: 'Fast' })
    ).body._id as string;
    await t.http.post(`/api/boards/${boardId}/lanes`).set(cast.owner.auth).send({ title: 'Slow' });
    const label = (
      await t.http
        .post(`/api/boards/${boardId}/labels`)
        .set(cast.owner.auth)
        .send({ name: 'Urgent', color: '#ff0000' })
    ).body._id as string;
    const template = await cardIn(t, cast.owner, todo, 'Bug report', fast);
    await t.http.post(`/api/cards/${template}/labels`).set(cast.owner.auth).send({ labelId: label });
    const checklist = (
      await t.http.post(`/api/cards/${template}/checklists`).set(cast.owner.auth).send({ title: 'Triage' })
    ).body._id as string;
    await t.http.post(`/api/checklists/${checklist}/items`).set(cast.owner.auth).send({ text: 'Reproduce' });
    for (const user of [cast.owner, cast.member])
      await t.http.post(`/api/cards/${template}/members`).set(cast.owner.auth).send({ userId: user._id });
    await t.http
      .put(`/api/cards/${template}`)
      .set(cast.owner.auth)
      .send({ isTemplate: true, description: 'What happened?' })
      .expect(200);
    const plain = await cardIn(t, cast.owner, todo, 'Plain');
    await t.http
      .put(`/api/cards/${plain}`)
      .set(cast.owner.auth)
      .send({ dueAt: '2030-05-01T10:00:00.000Z' })
      .expect(200);
    await t.http.post(`/api/cards/${plain}/members`).set(cast.owner.auth).send({ userId: cast.member._id });
    await cardIn(t, cast.owner, doing, 'Busy');
    // Doing over its hard limit (a limit lowered below its count): a copy recreates it as it is.
    await t.http.put(`/api/lists/${doing}`).set(cast.owner.auth).send({ wipLimit: 2 }).expect(200);
    await cardIn(t, cast.owner, doing, 'Also busy');
    await t.http.put(`/api/lists/${doing}`).set(cast.owner.auth).send({ wipLimit: 1 }).expect(200);
    // A deleted card is never copied.
    const gone = await cardIn(t, cast.owner, todo, 'Gone');
    await t.http.delete(`/api/cards/${gone}`).set(cast.owner.auth).expect(200);
    // Written straight into the table, looking at no event so far: they never run on the source
    // here (the schedule has no next run), so the board stays as built.
    const { version } = await logOf(t, cast.owner, boardId);
    const rule = (name: string, trigger: RuleTrigger, actions: RuleAction[]) => ({
      boardId,
      name,
      trigger,
      actions,
      cursor: version,
      createdBy: cast.owner._id,
    });
    await t.db.insert(rules).values([
      rule('Done moves', { type: 'card.enteredList', listId: doing }, [
        { type: 'addLabel', labelId: label },
        { type: 'addMember', userId: cast.owner._id },
        { type: 'addMember', userId: 'actor' },
        { type: 'moveToList', listId: todo, position: 'top' },
      ]),
      rule('Weekly', { type: 'schedule', cron: '0 9 * * 1', tz: 'Asia/Jakarta' }, [
        { type: 'createCard', listId: todo, title: 'Plan the week', labelIds: [label] },
      ]),
      rule('Only someone else', { type: 'card.labelAdded', labelId: label }, [
        { type: 'removeMember', userId: cast.owner._id },
      ]),
    ]);
    return { boardId, todo, doing, label, fast, template, plain };
  }

  const copy = (boardId: string, body: object, user = cast.member) =>
    t.http.post(`/api/boards/${boardId}/copy`).set(user.auth).send(body);

  it('makes a board of the lists, stages, limits, lanes, labels and rules, owned by the copier', async () => {
    const src = await source();
    const res = await copy(src.boardId, { title: 'Next sprint', cards: 'none' });
    expect(res.status).toBe(201);
    const summary = res.body as BoardSummary;
    expect(summary).toMatchObject({
      title: 'Next sprint',
      description: 'Two weeks',
      ownerId: { _id: cast.member._id },
      members: [{ _id: cast.member._id }],
      isTemplate: false,
      isArchived: false,
    });
    const [before, after] = [await read(src.boardId), await read(summary._id, cast.member)];
    expect(after.lists.map((l) => [l.title, l.stage, l.wipLimit, l.wipMode, l.cards.length])).toEqual([
      ['To do', 'backlog', null, 'soft', 0],
      ['Doing', 'active', 1, 'hard', 0],
    ]);
    expect(after.lanes.map((l) => l.title)).toEqual(['Fast', 'Slow']);
    expect(after.labels.map((l) => [l.name, l.color, l.isDefault])).toEqual(
      before.labels.map((l) => [l.name, l.color, l.isDefault]),
    );
    const ids = (xs: { _id: string }[]) => xs.map((x) => x._id);
    expect(ids(after.lists).some((id) => ids(before.lists).includes(id))).toBe(false);
    expect(ids(after.labels).some((id) => ids(before.labels).includes(id))).toBe(false);
    // The copier is not a member of the source's owner's other boards, and the source is untouched.
    expect(await read(src.boardId)).toEqual(before);

    const copied = await t.db
      .select()
      .from(rules)
      .where(eq(rules.boardId, summary._id))
      .orderBy(rules.createdAt);
    const [newTodo, newDoing] = ids(after.lists);
    const newBug = after.labels.find((l) => l.name === 'Urgent')!._id;
    expect(copied.map((r) => ({ name: r.name, trigger: r.trigger, actions: r.actions }))).toEqual([
      {
        name: 'Done moves',
        trigger: { type: 'card.enteredList', listId: newDoing },
        // Adding someone who is not on the new board is dropped; `actor` stays.
        actions: [
          { type: 'addLabel', labelId: newBug },
          { type: 'addMember', userId: 'actor' },
          { type: 'moveToList', listId: newTodo, position: 'top' },
        ],
      },
      {
        name: 'Weekly',
        trigger: { type: 'schedule', cron: '0 9 * * 1', tz: 'Asia/Jakarta' },
        actions: [{ type: 'createCard', listId: newTodo, title: 'Plan the week', labelIds: [newBug] }],
      },
      // 'Only someone else' had no action left: not copied.
    ]);
    const version = after.version;
    for (const r of copied)
      expect({ cursor: r.cursor, createdBy: r.createdBy }).toEqual({
        cursor: version,
        createdBy: cast.member._id,
      });
    expect(copied[0]!.nextRunAt).toBeNull();
    // Mondays 09:00 in Jakarta are 02:00 UTC, within the next week.
    const next = copied[1]!.nextRunAt!;
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(2);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
  });

  it('cards: templates copies the template cards only, with labels, checklists, members (the copier), description and lane mapped', async () => {
    const src = await source();
    const res = await copy(src.boardId, { title: 'From template', cards: 'templates' });
    expect(res.status).toBe(201);
    const after = await read(res.body._id, cast.member);
    const cards = after.lists.flatMap((l) => l.cards.map((c) => ({ ...c, list: l.title })));
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toMatchObject({
      list: 'To do',
      title: 'Bug report',
      description: 'What happened?',
      isTemplate: true,
      laneId: after.lanes.find((l) => l.title === 'Fast')!._id,
      // The owner is not on the new board; the copier is.
      memberIds: [cast.member._id],
    });
    expect(card!.labels.map((l) => [l._id, l.name])).toEqual([
      [after.labels.find((l) => l.name === 'Urgent')!._id, 'Urgent'],
    ]);
    expect(card!.checklists.map((c) => [c.title, c.items.map((i) => i.text)])).toEqual([
      ['Triage', ['Reproduce']],
    ]);
    expect(card!._id).not.toBe(src.template);
  });

  it('cards: all copies every live card, due dates kept, into a list over its hard limit as it was', async () => {
    const src = await source();
    const res = await copy(src.boardId, { title: 'Everything', cards: 'all' }, cast.owner);
    expect(res.status).toBe(201);
    const before = await read(src.boardId);
    const after = await read(res.body._id);
    const shape = (b: BoardDetail) =>
      b.lists.map((l) => [
        l.title,
        l.wipLimit,
        l.cards.map((c) => [c.title, c.position, c.dueAt, c.isTemplate]),
      ]);
    expect(shape(after)).toEqual(shape(before));
    expect(after.lists.map((l) => l.cards.map((c) => c.title))).toEqual([
      ['Bug report', 'Plain'],
      ['Busy', 'Also busy'],
    ]);
    // Copied by the owner: the owner stays on the cards they were on; the member does not.
    expect(after.lists[0]!.cards.map((c) => c.memberIds)).toEqual([[cast.owner._id], []]);
  });

  it('announces board.created on the new board and logs it as its first event', async () => {
    const src = await source();
    const res = await copy(src.boardId, { title: 'Logged', cards: 'none' });
    const { events, version } = await logOf(t, cast.member, res.body._id);
    expect(events.map((e: BoardEvent) => [e.type, e.version, e.actorId])).toEqual([
      ['board.created', 1, cast.member._id],
    ]);
    expect(events[0]!.payload).toEqual(res.body);
    expect(version).toBe(1);
  });

  it('refuses a stranger to the source board with 403, and makes nothing', async () => {
    const src = await source();
    const res = await copy(src.boardId, { title: 'Mine now', cards: 'all' }, cast.stranger);
    expect(res.status).toBe(403);
    const boards = (await t.http.get('/api/boards').set(cast.stranger.auth).expect(200))
      .body as BoardSummary[];
    expect(boards.map((b) => b.title)).not.toContain('Mine now');
  });

  it.each([
    [{ cards: 'all' }, 'title'],
    [{ title: '', cards: 'all' }, 'title'],
    [{ title: 'x'.repeat(201), cards: 'all' }, 'title'],
    [{ title: 'Copy' }, 'cards'],
    [{ title: 'Copy', cards: 'some' }, 'cards'],
    [{ title: 'Copy', cards: true }, 'cards'],
  ])('refuses %j with a 400 naming the field', async (body, field) => {
    const src = await source();
    const res = await copy(src.boardId, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.message)).toContain(field);
  });

  it('PUT /api/boards/{id} {isTemplate} marks a template board (owner only); summaries and board.updated carry it', async () => {
    const src = await source();
    const refused = await t.http
      .put(`/api/boards/${src.boardId}`)
      .set(cast.member.auth)
      .send({ isTemplate: true });
    expect(refused.status).toBe(403);
    const res = await t.http
      .put(`/api/boards/${src.boardId}`)
      .set(cast.owner.auth)
      .send({ isTemplate: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isTemplate: true });
    const listed = (await t.http.get('/api/boards').set(cast.member.auth).expect(200)).body as BoardSummary[];
    expect(listed.find((b) => b._id === src.boardId)).toMatchObject({ isTemplate: true });
    const { events } = await logOf(t, cast.owner, src.boardId);
    expect(events.at(-1)).toMatchObject({ type: 'board.updated', payload: { isTemplate: true } });
    // A copy of a template board is a board of its own, not a template.
    const made = await copy(src.boardId, { title: 'From the template', cards: 'templates' });
    expect(made.body).toMatchObject({ isTemplate: false });
  });
});
