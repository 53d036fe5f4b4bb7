import { PublishOrder } from './publish-order';

const BOARD = 'board-a';
/** Whether the promise has settled after the microtasks queued so far have run. */
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('PublishOrder', () => {
  it('holds a version until every lower version of its board is published', async () => {
    const order = new PublishOrder();
    const v1 = order.take(BOARD, 1);
    const v2 = order.take(BOARD, 2);
    const v3 = order.take(BOARD, 3);
    const third = order.turnOf(v3);
    const second = order.turnOf(v2);
    expect(await settled(second)).toBe(false);
    order.settle(v1);
    expect(await settled(second)).toBe(true);
    expect(await settled(third)).toBe(false);
    order.settle(v2);
    expect(await settled(third)).toBe(true);
  });

  it('lets later versions go when a lower one is rolled back, and never waits across boards', async () => {
    const order = new PublishOrder();
    const abandoned = order.take(BOARD, 7);
    const retaken = order.take(BOARD, 7); // the next change took the same number after the rollback
    const other = order.take('board-b', 1);
    expect(await settled(order.turnOf(retaken))).toBe(true);
    expect(await settled(order.turnOf(other))).toBe(true);
    const later = order.take(BOARD, 8);
    const turn = order.turnOf(later);
    order.settle(abandoned);
    expect(await settled(turn)).toBe(false);
    order.settle(retaken);
    expect(await settled(turn)).toBe(true);
  });

  it('forgets a board once its last ticket is settled', async () => {
    const order = new PublishOrder();
    const ticket = order.take(BOARD, 1);
    order.settle(ticket);
    order.settle(ticket); // twice is harmless
    expect(await settled(order.turnOf(order.take(BOARD, 5)))).toBe(true);
  });
});
