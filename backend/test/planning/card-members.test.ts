import type { BoardEvent, Card, CompactBoardDetail } from '@papan/shared';
import { eq } from 'drizzle-orm';
import { cardMembers, notifications } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { seedCard, seedList } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('card members (docs/api.md, "Due dates, card members and reminders")', () => {
  let t: TestApp;
  let cast: Cast;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t, { owner: 'Olive Owner', member: 'Max Member', stranger: 'Sam Stranger' });
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  const newCard = async () => {
    const board = await castBoard(t, cast);
    const list = await seedList(t, board._id, 'To do');
    const card = await seedCard(t, board._id, list.id, 'Write the plan');
    return { boardId: board._id, cardId: card.id };
  };
  const add = (cardId: string, userId: unknown, who = cast.member) =>
    t.http.post(`/api/cards/${cardId}/members`).set(who.auth).send({ userId });
  const notificationsOf = (userId: string) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('puts a board member on a card, live, and tells them when someone else did it', async () => {
    const { boardId, cardId } = await newCard();
    const before = (await notificationsOf(cast.owner._id)).length;

    const res = await add(cardId, cast.owner._id).expect(201);
    expect((res.body as Card).memberIds).toEqual([cast.owner._id]);
    expect(events.at(-1)).toMatchObject({
      type: 'card.memberAdded',
      boardId,
      payload: { cardId, userId: cast.owner._id },
    });
    const told = await notificationsOf(cast.owner._id);
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({
      template: 'assignedYou',
      params: { actor: 'Max Member', card: 'Write the plan' },
      boardId,
    });

    // Joining a card oneself tells nobody; adding twice changes nothing.
    const mine = (await notificationsOf(cast.member._id)).length;
    await add(cardId, cast.member._id).expect(201);
    await add(cardId, cast.member._id).expect(201);
    expect(await notificationsOf(cast.member._id)).toHaveLength(mine);

    const full = await t.http.get(`/api/boards/${boardId}`).set(cast.owner.auth).expect(200);
    const card = (full.body.lists as { cards: Card[] }[])
      .flatMap((l) => l.cards)
      .find((c) => c._id === cardId);
    expect(card?.memberIds).toEqual([cast.owner._id, cast.member._id]);
    const compact = await t.http.get(`/api/boards/${boardId}?view=compact`).set(cast.owner.auth).expect(200);
    expect((compact.body as CompactBoardDetail).lists[0].cards[0].memberIds).toEqual([
      cast.owner._id,
      cast.member._id,
    ]);
  });

  it('takes a member off a card', async () => {
    const { cardId } = await newCard();
    await add(cardId, cast.owner._id).expect(201);
    const res = await t.http
      .delete(`/api/cards/${cardId}/members/${cast.owner._id}`)
      .set(cast.member.auth)
      .expect(200);
    expect((res.body as Card).memberIds).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: 'card.memberRemoved',
      payload: { cardId, userId: cast.owner._id },
    });
  });

  it('never puts someone who is not on the board on its cards (404), nor lets a stranger try (403)', async () => {
    const { cardId } = await newCard();
    const refused = await add(cardId, cast.stranger._id).expect(404);
    expect(refused.body.message).toBe('Only members of the board can be members of its cards.');
    await add(cardId, cast.owner._id, cast.stranger).expect(403);
    await t.http.delete(`/api/cards/${cardId}/members/${cast.owner._id}`).set(cast.stranger.auth).expect(403);
    expect(await t.db.select().from(cardMembers).where(eq(cardMembers.cardId, cardId))).toEqual([]);
  });

  it.each([[undefined], ['not-an-id'], [42], [['a']], ['x'.repeat(10_000)]])(
    'answers 400 to userId %j and stores nothing',
    async (userId) => {
      const { cardId } = await newCard();
      const res = await add(cardId, userId).expect(400);
      expect(res.body.message).toMatch(/^userId: /);
      expect(await t.db.select().from(cardMembers).where(eq(cardMembers.cardId, cardId))).toEqual([]);
    },
  );

  it('takes a person off every card of a board they are removed from', async () => {
    const { boardId, cardId } = await newCard();
    await add(cardId, cast.member._id).expect(201);
    await t.http.delete(`/api/boards/${boardId}/members/${cast.member._id}`).set(cast.owner.auth).expect(200);
    expect(await t.db.select().from(cardMembers).where(eq(cardMembers.cardId, cardId))).toEqual([]);
  });

  it('copies a card with its members and due date', async () => {
    const { cardId } = await newCard();
    await add(cardId, cast.owner._id).expect(201);
    await t.http
      .put(`/api/cards/${cardId}`)
      .set(cast.member.auth)
      .send({ dueAt: '2026-12-01T10:00:00Z' })
      .expect(200);
    const copy = await t.http.post(`/api/cards/${cardId}/copy`).set(cast.member.auth).expect(201);
    expect(copy.body).toMatchObject({ memberIds: [cast.owner._id], dueAt: '2026-12-01T10:00:00.000Z' });
  });
});
