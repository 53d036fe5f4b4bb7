import type { BoardEvent, Card, CompactBoardDetail } from '@papan/shared';
import { desc, eq } from 'drizzle-orm';
import { activities, cards } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { seedCard, seedList } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('due dates (docs/api.md, "Due dates, card members and reminders")', () => {
  let t: TestApp;
  let cast: Cast;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  const newCard = async () => {
    const board = await castBoard(t, cast);
    const list = await seedList(t, board._id, 'To do');
    const card = await seedCard(t, board._id, list.id, 'Ship it');
    return { boardId: board._id, cardId: card.id };
  };
  const put = (cardId: string, body: unknown, who = cast.member) =>
    t.http
      .put(`/api/cards/${cardId}`)
      .set(who.auth)
      .send(body as object);
  const lastActivity = async (boardId: string) =>
    (
      await t.db
        .select()
        .from(activities)
        .where(eq(activities.boardId, boardId))
        .orderBy(desc(activities.createdAt))
    )[0];

  it('sets, completes and removes a due date, each with its event and activity', async () => {
    const { boardId, cardId } = await newCard();
    const due = '2026-12-01T09:30:00.000Z';

    const set = await put(cardId, { dueAt: '2026-12-01T16:30:00+07:00' }).expect(200);
    expect(set.body).toMatchObject({ dueAt: due, dueComplete: false, memberIds: [] });
    expect(events.at(-1)).toMatchObject({ type: 'card.updated', payload: { _id: cardId, dueAt: due } });
    expect(await lastActivity(boardId)).toMatchObject({
      template: 'card.dueSet',
      params: { card: 'Ship it', due },
    });

    const done = await put(cardId, { dueComplete: true }).expect(200);
    expect(done.body).toMatchObject({ dueAt: due, dueComplete: true });
    expect(await lastActivity(boardId)).toMatchObject({ template: 'card.dueCompleted' });

    await put(cardId, { dueComplete: false }).expect(200);
    expect(await lastActivity(boardId)).toMatchObject({ template: 'card.dueReopened' });

    const removed = await put(cardId, { dueAt: null }).expect(200);
    expect(removed.body).toMatchObject({ dueAt: null });
    expect(await lastActivity(boardId)).toMatchObject({ template: 'card.dueRemoved' });
  });

  it('shows in the whole board read, and in the compact read only where set', async () => {
    const { boardId, cardId } = await newCard();
    const list = await seedList(t, boardId, 'Later');
    const plain = await seedCard(t, boardId, list.id, 'No date');
    await put(cardId, { dueAt: '2026-12-24T10:00:00Z', dueComplete: true }).expect(200);

    const full = await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth).expect(200);
    const fullCards = (full.body.lists as { cards: Card[] }[]).flatMap((l) => l.cards);
    expect(fullCards.find((c) => c._id === cardId)).toMatchObject({
      dueAt: '2026-12-24T10:00:00.000Z',
      dueComplete: true,
    });
    expect(fullCards.find((c) => c._id === plain.id)).toMatchObject({ dueAt: null, dueComplete: false });

    const compact = await t.http.get(`/api/boards/${boardId}?view=compact`).set(cast.owner.auth).expect(200);
    const compactCards = (compact.body as CompactBoardDetail).lists.flatMap((l) => l.cards);
    expect(compactCards.find((c) => c._id === cardId)).toMatchObject({
      dueAt: '2026-12-24T10:00:00.000Z',
      dueComplete: true,
    });
    const bare = compactCards.find((c) => c._id === plain.id)!;
    expect(Object.keys(bare)).not.toEqual(expect.arrayContaining(['dueAt']));
    expect(bare).not.toHaveProperty('dueComplete');
    expect(bare).not.toHaveProperty('memberIds');
  });

  it.each([
    [{ dueAt: 'tomorrow' }, 'dueAt'],
    [{ dueAt: '2026-12-01' }, 'dueAt'],
    [{ dueAt: '2026-12-01T10:00:00' }, 'dueAt'],
    [{ dueAt: 1764582000000 }, 'dueAt'],
    [{ dueAt: '1900-01-01T00:00:00Z' }, 'dueAt'],
    [{ dueAt: `2026-12-01T10:00:00Z${'x'.repeat(5000)}` }, 'dueAt'],
    [{ dueComplete: 'yes' }, 'dueComplete'],
    [{ dueComplete: null }, 'dueComplete'],
    [{}, 'nothing to update'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field) => {
    const { cardId } = await newCard();
    const res = await put(cardId, body).expect(400);
    expect(res.body.message).toContain(field);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    expect(row).toMatchObject({ dueAt: null, dueComplete: false });
  });

  it('is refused to a stranger (403)', async () => {
    const { cardId } = await newCard();
    await put(cardId, { dueAt: '2026-12-01T10:00:00Z' }, cast.stranger).expect(403);
  });
});
