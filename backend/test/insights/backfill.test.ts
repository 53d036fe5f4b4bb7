import { asc, eq, sql } from 'drizzle-orm';
import { cardHistory } from '../../src/database/schema';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Migration 0015 gives boards that existed before the history one built from their activities
 * (`card_history_backfill()`, the function the migration ran). Here a board's history written by
 * the triggers is dropped and rebuilt by it: the stays come back the same.
 */
describe('the history backfilled from activities', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
  }, 60_000);
  afterAll(() => t.close());

  const stays = (boardId: string) =>
    t.db
      .select({
        cardId: cardHistory.cardId,
        listId: cardHistory.listId,
        enteredAt: cardHistory.enteredAt,
        leftAt: cardHistory.leftAt,
      })
      .from(cardHistory)
      .where(eq(cardHistory.boardId, boardId))
      .orderBy(asc(cardHistory.cardId), asc(cardHistory.enteredAt));

  it('rebuilds creations and moves between lists by the titles the activities name', async () => {
    const { _id: boardId } = await createBoard(t, owner, 'Before the history');
    const list = async (title: string) =>
      (await t.http.post(`/api/boards/${boardId}/lists`).set(owner.auth).send({ title })).body._id as string;
    const [todo, doing, done] = [await list('To do'), await list('Doing'), await list('Done')];
    const card = async (listId: string, title: string) =>
      (await t.http.post(`/api/lists/${listId}/cards`).set(owner.auth).send({ title })).body._id as string;
    const move = async (cardId: string, from: string, to: string) =>
      expect(
        (
          await t.http
            .put(`/api/boards/${boardId}/dnd`)
            .set(owner.auth)
            .send({ type: 'card', cardId, sourceListId: from, destListId: to, newPosition: 0 })
        ).status,
      ).toBe(200);
    const shipped = await card(todo, 'Shipped');
    const waiting = await card(todo, 'Waiting');
    const started = await card(doing, 'Started');
    await move(shipped, todo, doing);
    await move(shipped, doing, done);
    await move(started, doing, todo);
    const gone = await card(todo, 'Gone');
    await move(gone, todo, done);
    await t.http.delete(`/api/cards/${gone}`).set(owner.auth);
    const written = await stays(boardId);
    expect(written.filter((s) => s.cardId === shipped)).toHaveLength(3);

    await t.db.delete(cardHistory).where(eq(cardHistory.boardId, boardId));
    await t.db.execute(sql`select card_history_backfill()`);
    const rebuilt = await stays(boardId);

    const shape = (rows: typeof written) =>
      rows.map((s) => ({
        cardId: s.cardId,
        listId: s.listId,
        enteredAt: s.enteredAt.getTime(),
        left: s.leftAt !== null,
      }));
    expect(shape(rebuilt)).toEqual(shape(written));
    // A deleted card's last stay ends when it was deleted, taken from the card row: the same moment
    // as the trigger's within the change (rounding to seconds could fall either side of one).
    rebuilt.forEach((s, i) =>
      expect(Math.abs((s.leftAt?.getTime() ?? 0) - (written[i]!.leftAt?.getTime() ?? 0))).toBeLessThan(1000),
    );
    expect(rebuilt.filter((s) => s.cardId === waiting)).toHaveLength(1);
  });
});
