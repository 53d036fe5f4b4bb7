import type { BoardDetail, Card, CreateRuleInput } from '@papan/shared';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { cardIn, listWith, logOf, move } from '../lanes/lane-helpers';
import { makeRule, runsOf, untilRuns } from './rule-helpers';

/** Rules (docs/automation.md): every trigger and action, through the API, on the store under test. */
describe('automation rules', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Mira' });
  });
  afterAll(() => t.close());

  async function board() {
    const boardId = (await createBoard(t, owner, 'Automated'))._id;
    await seedMember(t, boardId, member);
    const todo = await listWith(t, owner, boardId, 'To do');
    const done = await listWith(t, owner, boardId, 'Done');
    return { boardId, todo, done };
  }

  async function full(boardId: string): Promise<BoardDetail> {
    return (await t.http.get(`/api/boards/${boardId}`).set(owner.auth).expect(200)).body;
  }
  async function cardOn(boardId: string, cardId: string): Promise<Card | undefined> {
    return (await full(boardId)).lists.flatMap((l) => l.cards).find((c) => c._id === cardId);
  }
  async function label(boardId: string, name: string): Promise<string> {
    const res = await t.http
      .post(`/api/boards/${boardId}/labels`)
      .set(owner.auth)
      .send({ name, color: '#ff0000' })
      .expect(201);
    return res.body._id;
  }
  const toDone = (boardId: string, cardId: string, from: string, to: string) =>
    move(t, member, boardId, { cardId, sourceListId: from, destListId: to, newPosition: 0 }).expect(200);

  it('the owner makes, changes and deletes a rule; members see it; each is a board event', async () => {
    const { boardId, done } = await board();
    const body: CreateRuleInput = {
      name: 'Archive done',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'archive' }],
    };
    const rule = await makeRule(t, owner, boardId, body);
    expect(rule).toMatchObject({
      name: 'Archive done',
      enabled: true,
      disabledReason: null,
      nextRunAt: null,
    });
    const seen = await t.http.get(`/api/boards/${boardId}/rules`).set(member.auth).expect(200);
    expect(seen.body).toEqual([rule]);
    await t.http.post(`/api/boards/${boardId}/rules`).set(member.auth).send(body).expect(403);
    await t.http.patch(`/api/rules/${rule._id}`).set(member.auth).send({ enabled: false }).expect(403);
    await t.http.delete(`/api/rules/${rule._id}`).set(member.auth).expect(403);
    const off = await t.http
      .patch(`/api/rules/${rule._id}`)
      .set(owner.auth)
      .send({ enabled: false })
      .expect(200);
    expect(off.body).toMatchObject({ enabled: false, name: 'Archive done' });
    await t.http.delete(`/api/rules/${rule._id}`).set(owner.auth).expect(200);
    const types = (await logOf(t, owner, boardId)).events.map((e) => e.type);
    expect(types.slice(-3)).toEqual(['rule.created', 'rule.updated', 'rule.deleted']);
    await t.http.get(`/api/rules/${rule._id}/runs`).set(owner.auth).expect(404);
  });

  it.each([
    [{ trigger: { type: 'card.movedSomewhere' } }, 'trigger'],
    [{ trigger: { type: 'card.enteredList', listId: 'nope' } }, 'trigger.listId'],
    [{ trigger: { type: 'card.dueSoon', hours: 0 } }, 'trigger.hours'],
    [{ trigger: { type: 'schedule', cron: '61 * * * *', tz: 'UTC' } }, 'trigger.cron'],
    [{ trigger: { type: 'schedule', cron: '0 9 * * 1', tz: 'Mars/Olympus' } }, 'trigger.tz'],
    [{ trigger: { type: 'schedule', cron: '0 9 * * 1', tz: 'UTC' } }, 'actions.0.type'],
    [{ actions: [] }, 'actions'],
    [{ actions: [{ type: 'explode' }] }, 'actions.0'],
    [{ actions: [{ type: 'setDue', inDays: 1, at: '25:00' }] }, 'actions.0.at'],
    [{ actions: Array.from({ length: 11 }, () => ({ type: 'archive' })) }, 'actions'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ enabled: 'yes' }, 'enabled'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (patch, field) => {
    const { boardId, done } = await board();
    const before = await logOf(t, owner, boardId);
    const body = {
      name: 'R',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'archive' }],
      ...patch,
    };
    const res = await t.http.post(`/api/boards/${boardId}/rules`).set(owner.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
    expect(await logOf(t, owner, boardId)).toEqual(before);
  });

  it("refuses lists, labels and people that are not the board's, naming the field", async () => {
    const { boardId, done } = await board();
    const other = await board();
    const foreignLabel = await label(other.boardId, 'Elsewhere');
    const stranger = await createUser(t);
    const cases: [object, string][] = [
      [
        { trigger: { type: 'card.enteredList', listId: other.done } },
        'trigger.listId: not a list of this board',
      ],
      [
        { actions: [{ type: 'addLabel', labelId: foreignLabel }] },
        'actions.0.labelId: not a label of this board',
      ],
      [
        { actions: [{ type: 'archive' }, { type: 'addMember', userId: stranger._id }] },
        'actions.1.userId: not a member',
      ],
      [{ actions: [{ type: 'moveToList', listId: other.todo, position: 'top' }] }, 'actions.0.listId'],
    ];
    for (const [patch, message] of cases) {
      const body = {
        name: 'R',
        trigger: { type: 'card.enteredList', listId: done },
        actions: [{ type: 'archive' }],
        ...patch,
      };
      const res = await t.http.post(`/api/boards/${boardId}/rules`).set(owner.auth).send(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect((await t.http.get(`/api/boards/${boardId}/rules`).set(owner.auth)).body).toEqual([]);
  });

  it('"When a card enters Done, archive it" runs within 2 s as Automation, once', async () => {
    const { boardId, todo, done } = await board();
    const rule = await makeRule(t, owner, boardId, {
      name: 'Archive done',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'archive' }],
    });
    const cardId = await cardIn(t, member, todo, 'Ship it');
    const started = Date.now();
    await toDone(boardId, cardId, todo, done);
    const [run] = await untilRuns(t, owner, rule._id, 1);
    expect(Date.now() - started).toBeLessThan(2_000);
    const moved = (await logOf(t, owner, boardId)).events.find((e) => e.type === 'card.moved')!;
    expect(run).toMatchObject({ status: 'ok', changes: 1, trigger: { eventVersion: moved.version } });
    expect(await cardOn(boardId, cardId)).toBeUndefined();
    const archived = (await logOf(t, owner, boardId)).events.at(-1)!;
    expect(archived).toMatchObject({
      type: 'card.deleted',
      actorId: null,
      rule: { _id: rule._id, name: 'Archive done' },
      payload: { _id: cardId },
    });
    const feed = await t.http.get(`/api/boards/${boardId}/activities`).set(owner.auth).expect(200);
    expect(feed.body[0]).toMatchObject({ userId: null, rule: { _id: rule._id, name: 'Archive done' } });
    // A move inside Done, or back out, is not entering it.
    expect((await runsOf(t, owner, rule._id)).length).toBe(1);
  });

  it('card.created (in a list), card.labelAdded and checklist.completed start their rules', async () => {
    const { boardId, todo, done } = await board();
    const urgent = await label(boardId, 'Urgent');
    const created = await makeRule(t, owner, boardId, {
      name: 'Label new',
      trigger: { type: 'card.created', listId: todo },
      actions: [{ type: 'addLabel', labelId: urgent }],
    });
    const labelled = await makeRule(t, owner, boardId, {
      name: 'Urgent to top of Done',
      trigger: { type: 'card.labelAdded', labelId: urgent },
      actions: [{ type: 'moveToList', listId: done, position: 'top' }],
    });
    const completed = await makeRule(t, owner, boardId, {
      name: 'Complete',
      trigger: { type: 'checklist.completed' },
      actions: [{ type: 'comment', text: 'All of {card} is done, thanks {actor}' }],
    });
    const cardId = await cardIn(t, member, todo, 'New one');
    await untilRuns(t, owner, created._id, 1);
    const [run] = await untilRuns(t, owner, labelled._id, 1);
    expect(run!.status).toBe('ok');
    const card = (await cardOn(boardId, cardId))!;
    expect([card.listId, card.labels.map((l) => l._id)]).toEqual([done, [urgent]]);
    // A chain: the label was added by a rule, the move by another: depth 2.
    const log = (await logOf(t, owner, boardId)).events;
    expect(log.at(-1)).toMatchObject({ type: 'card.moved', rule: { name: 'Urgent to top of Done' } });

    const checklist = await t.http
      .post(`/api/cards/${cardId}/checklists`)
      .set(member.auth)
      .send({ title: 'Steps' });
    const items = [];
    for (const text of ['One', 'Two'])
      items.push(
        (await t.http.post(`/api/checklists/${checklist.body._id}/items`).set(member.auth).send({ text }))
          .body._id,
      );
    const tick = (id: string) =>
      t.http
        .put(`/api/checklists/${checklist.body._id}/items/${id}`)
        .set(member.auth)
        .send({ isCompleted: true });
    await tick(items[0]).expect(200);
    await tick(items[1]).expect(200);
    const [commented] = await untilRuns(t, owner, completed._id, 1);
    expect(commented!.status).toBe('ok');
    const comments = await t.http.get(`/api/cards/${cardId}/comments`).set(member.auth).expect(200);
    expect(comments.body[0].text).toBe('All of New one is done, thanks Mira');
  });

  it('runs every action in order as one change, each its own event', async () => {
    const { boardId, todo, done } = await board();
    const review = await label(boardId, 'Review');
    const stale = await label(boardId, 'Stale');
    const rule = await makeRule(t, owner, boardId, {
      name: 'Everything',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [
        { type: 'addLabel', labelId: review },
        { type: 'removeLabel', labelId: stale },
        { type: 'addMember', userId: 'actor' },
        { type: 'removeMember', userId: owner._id },
        { type: 'setDue', inDays: 2, at: '09:30', tz: 'Asia/Jakarta' },
        { type: 'completeDue' },
        { type: 'addChecklist', title: 'Ship', items: ['Notes', 'Tag'] },
        { type: 'moveToList', listId: todo, position: 'bottom' },
        {
          type: 'createCard',
          listId: todo,
          title: 'Follow-up',
          labelIds: [review],
          checklist: { title: 'Check', items: ['A'] },
          dueInDays: 1,
        },
      ],
    });
    const cardId = await cardIn(t, owner, todo, 'Big one');
    await t.http.post(`/api/cards/${cardId}/labels`).set(owner.auth).send({ labelId: stale }).expect(200);
    await t.http
      .post(`/api/cards/${cardId}/members`)
      .set(owner.auth)
      .send({ userId: owner._id })
      .expect((res) => expect(res.status).toBeLessThan(300));
    const before = (await logOf(t, owner, boardId)).version;
    await toDone(boardId, cardId, todo, done);
    const [run] = await untilRuns(t, owner, rule._id, 1);
    const after = (await logOf(t, owner, boardId)).events.filter((e) => e.version > before + 1);
    expect(run).toMatchObject({ status: 'ok', changes: after.length });
    expect(after.map((e) => e.type)).toEqual([
      'card.labelAdded',
      'card.labelRemoved',
      'card.memberAdded',
      'card.memberRemoved',
      'card.updated',
      'card.updated',
      'checklist.created',
      'card.moved',
      'card.created',
      'card.labelAdded',
      'checklist.created',
      'card.updated',
    ]);
    expect(new Set(after.map((e) => e.rule?.name))).toEqual(new Set(['Everything']));
    const card = (await cardOn(boardId, cardId))!;
    expect(card).toMatchObject({ listId: todo, memberIds: [member._id], dueComplete: true });
    expect(card.labels.map((l) => l._id)).toEqual([review]);
    // 09:30 in Jakarta (UTC+7) is 02:30 UTC, two days on.
    expect(card.dueAt).toMatch(/T02:30:00\.000Z$/);
    expect(card.checklists[0]).toMatchObject({ title: 'Ship', items: [{ text: 'Notes' }, { text: 'Tag' }] });
    const followUp = (await full(boardId)).lists[0]!.cards.find((c) => c.title === 'Follow-up')!;
    expect(followUp.labels.map((l) => l._id)).toEqual([review]);
    expect(followUp.checklists[0]!.items.map((i) => i.text)).toEqual(['A']);
    expect(followUp.dueAt).not.toBeNull();
  });

  it('a run that would change nothing is logged skipped with why', async () => {
    const { boardId, todo, done } = await board();
    const rule = await makeRule(t, owner, boardId, {
      name: 'Complete due',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'completeDue' }],
    });
    const cardId = await cardIn(t, member, todo);
    const before = (await logOf(t, owner, boardId)).version;
    await toDone(boardId, cardId, todo, done);
    const [run] = await untilRuns(t, owner, rule._id, 1);
    expect(run).toMatchObject({
      status: 'skipped',
      changes: 0,
      error: expect.stringContaining('no open due date'),
    });
    expect((await logOf(t, owner, boardId)).version).toBe(before + 1);
  });

  it('a two-rule ping-pong stops at depth 5 with a loop run', async () => {
    const { boardId, todo, done } = await board();
    const ping = await makeRule(t, owner, boardId, {
      name: 'Ping',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'moveToList', listId: todo, position: 'top' }],
    });
    const pong = await makeRule(t, owner, boardId, {
      name: 'Pong',
      trigger: { type: 'card.enteredList', listId: todo },
      actions: [{ type: 'moveToList', listId: done, position: 'top' }],
    });
    const cardId = await cardIn(t, member, todo);
    await toDone(boardId, cardId, todo, done);
    // Person → Ping 1 → Pong 2 → Ping 3 → Pong 4 → Ping 5 → Pong would be 6: loop.
    const pongRuns = await untilRuns(t, owner, pong._id, 3);
    const pingRuns = await untilRuns(t, owner, ping._id, 3);
    expect(pingRuns.map((r) => r.status)).toEqual(['ok', 'ok', 'ok']);
    expect(pongRuns.map((r) => r.status)).toEqual(['loop', 'ok', 'ok']);
    expect(pongRuns[0]!.error).toContain('5 rule changes in a row');
    const moves = (await logOf(t, owner, boardId)).events.filter((e) => e.type === 'card.moved');
    expect(moves).toHaveLength(6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await logOf(t, owner, boardId)).events.filter((e) => e.type === 'card.moved')).toHaveLength(6);
  });

  it('a rule move into a full hard-limited list is refused and its run logged failed with why', async () => {
    const { boardId, todo, done } = await board();
    const doing = await listWith(t, owner, boardId, 'Doing', { wipLimit: 1, wipMode: 'hard' });
    await cardIn(t, owner, doing, 'Already doing');
    const rule = await makeRule(t, owner, boardId, {
      name: 'Start',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'moveToList', listId: doing, position: 'bottom' }],
    });
    const cardId = await cardIn(t, member, todo);
    await toDone(boardId, cardId, todo, done);
    const [run] = await untilRuns(t, owner, rule._id, 1);
    expect(run).toMatchObject({
      status: 'failed',
      changes: 0,
      error: 'The list "Doing" is at its limit of 1 card.',
    });
    expect((await cardOn(boardId, cardId))!.listId).toBe(done);
  });

  it('a rule whose list is deleted turns itself off and its owner is told', async () => {
    const { boardId, todo, done } = await board();
    const rule = await makeRule(t, owner, boardId, {
      name: 'Back to do',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'moveToList', listId: todo, position: 'top' }],
    });
    await t.http.delete(`/api/lists/${todo}`).set(member.auth).expect(200);
    const [run] = await untilRuns(t, owner, rule._id, 1);
    expect(run).toMatchObject({ status: 'failed', error: 'A list this rule names was deleted.' });
    const [seen] = (await t.http.get(`/api/boards/${boardId}/rules`).set(owner.auth)).body;
    expect(seen).toMatchObject({ enabled: false, disabledReason: 'A list this rule names was deleted.' });
    const events = (await logOf(t, owner, boardId)).events;
    expect(events.at(-1)).toMatchObject({ type: 'rule.updated', actorId: null, payload: { enabled: false } });
    const notes = await t.http.get('/api/notifications').set(owner.auth).expect(200);
    const list = Array.isArray(notes.body) ? notes.body : notes.body.notifications;
    expect(JSON.stringify(list)).toContain('Back to do');
  });

  it('a dry-run says what the rule would have done over the last 7 days, writing nothing', async () => {
    const { boardId, todo, done } = await board();
    const first = await cardIn(t, member, todo, 'First');
    const second = await cardIn(t, member, todo, 'Second');
    await toDone(boardId, first, todo, done);
    await toDone(boardId, second, todo, done);
    const before = await logOf(t, owner, boardId);
    const draft = { trigger: { type: 'card.enteredList', listId: done }, actions: [{ type: 'archive' }] };
    const res = await t.http
      .post(`/api/boards/${boardId}/rules/dry-run`)
      .set(member.auth)
      .send(draft)
      .expect(200);
    expect(res.body.runs.map((r: { cardId: string }) => r.cardId)).toEqual([first, second]);
    expect(res.body.runs[0]).toMatchObject({
      eventVersion: expect.any(Number),
      actions: [{ type: 'archive' }],
    });
    expect(await logOf(t, owner, boardId)).toEqual(before);
    const rule = await makeRule(t, owner, boardId, { name: 'Saved', ...draft } as never);
    const saved = await t.http.post(`/api/rules/${rule._id}/dry-run`).set(member.auth).expect(200);
    expect(saved.body.runs).toHaveLength(2);
    // Saving does not run it for the past.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await runsOf(t, owner, rule._id)).toEqual([]);
    const schedule = await t.http
      .post(`/api/boards/${boardId}/rules/dry-run`)
      .set(member.auth)
      .send({
        trigger: { type: 'schedule', cron: '0 9 * * *', tz: 'UTC' },
        actions: [{ type: 'createCard', listId: todo, title: 'Daily' }],
      })
      .expect(200);
    expect(schedule.body.runs.length).toBeGreaterThanOrEqual(7);
    expect(schedule.body.runs[0]).toMatchObject({
      eventVersion: null,
      scheduledFor: expect.stringMatching(/T09:00:00/),
    });
  });

  it('card.overdue and card.dueSoon run once per card and due time', async () => {
    const { boardId, todo } = await board();
    const late = await label(boardId, 'Late');
    const soon = await label(boardId, 'Soon');
    const overdue = await makeRule(t, owner, boardId, {
      name: 'Overdue',
      trigger: { type: 'card.overdue' },
      actions: [{ type: 'addLabel', labelId: late }],
    });
    const dueSoon = await makeRule(t, owner, boardId, {
      name: 'Due soon',
      trigger: { type: 'card.dueSoon', hours: 24 },
      actions: [{ type: 'addLabel', labelId: soon }],
    });
    const a = await cardIn(t, member, todo, 'Late one');
    const b = await cardIn(t, member, todo, 'Soon one');
    const past = new Date(Date.now() + 1_500).toISOString();
    await t.http.put(`/api/cards/${a}`).set(member.auth).send({ dueAt: past }).expect(200);
    await t.http
      .put(`/api/cards/${b}`)
      .set(member.auth)
      .send({ dueAt: new Date(Date.now() + 3_600_000).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    const { RuleRunner } = await import('../../src/modules/automation/rule-runner');
    await t.app.get(RuleRunner).tick();
    await t.app.get(RuleRunner).tick();
    expect((await runsOf(t, owner, overdue._id)).map((r) => [r.status, r.trigger.cardId])).toEqual([
      ['ok', a],
    ]);
    const soonRuns = await runsOf(t, owner, dueSoon._id);
    expect(soonRuns.map((r) => r.trigger.cardId)).toEqual([b]);
    expect((await cardOn(boardId, a))!.labels.map((l) => l.name)).toEqual(['Late']);
  });

  it('a member of another board gets 403 on every rule route, by any id', async () => {
    const { boardId, done } = await board();
    const rule = await makeRule(t, owner, boardId, {
      name: 'R',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'archive' }],
    });
    const stranger = await createUser(t);
    const calls = [
      t.http.get(`/api/boards/${boardId}/rules`),
      t.http
        .post(`/api/boards/${boardId}/rules`)
        .send({ name: 'x', trigger: { type: 'checklist.completed' }, actions: [{ type: 'archive' }] }),
      t.http
        .post(`/api/boards/${boardId}/rules/dry-run`)
        .send({ trigger: { type: 'checklist.completed' }, actions: [{ type: 'archive' }] }),
      t.http.patch(`/api/rules/${rule._id}`).send({ enabled: false }),
      t.http.delete(`/api/rules/${rule._id}`),
      t.http.get(`/api/rules/${rule._id}/runs`),
      t.http.post(`/api/rules/${rule._id}/dry-run`),
    ];
    for (const call of calls) expect((await call.set(stranger.auth)).status).toBe(403);
    expect((await t.http.get(`/api/boards/${boardId}/rules`).set(owner.auth)).body).toHaveLength(1);
  });

  it('refuses the 51st rule of a board with 409', async () => {
    const { boardId, done } = await board();
    const body: CreateRuleInput = {
      name: 'R',
      trigger: { type: 'card.enteredList', listId: done },
      actions: [{ type: 'archive' }],
    };
    for (let i = 0; i < 50; i++) await makeRule(t, owner, boardId, { ...body, enabled: false });
    const res = await t.http.post(`/api/boards/${boardId}/rules`).set(owner.auth).send(body);
    expect([res.status, res.body.message]).toEqual([409, 'A board has at most 50 rules.']);
  });
});
