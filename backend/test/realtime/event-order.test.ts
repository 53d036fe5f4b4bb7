import type { BoardEventOf, Card } from '@papan/shared';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { createBoard, createUser, seedCard, seedList } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A board's events reach its sockets in version order, on either store (on PostgreSQL through the
 * socket.io PostgreSQL adapter, which publishes a payload over 8 kB in two statements).
 */
describe('board event order', () => {
  let t: TestApp;
  let socket: ClientSocket;
  afterAll(async () => {
    socket?.close();
    await t.close();
  });

  it('delivers a large event before the small one published right after it', async () => {
    t = await startTestApp();
    const url = await listen(t);
    const owner = await createUser(t, { name: 'Owner' });
    const board = await createBoard(t, owner, 'Order');
    const listId = (await seedList(t, board._id, 'L', 1024)).id;
    const cardId = (await seedCard(t, board._id, listId, 'c', 1024)).id;
    socket = await connect(url, owner.token);
    const joined = await joinBoard(socket, board._id);
    if (!joined.ok) throw new Error(joined.error);
    const { version } = joined;
    const log = new EventLog(socket);

    const now = new Date().toISOString();
    const card: Card = {
      _id: cardId,
      boardId: board._id,
      listId,
      title: 'c',
      description: 'x'.repeat(12_000),
      position: 1024,
      laneId: null,
      isTemplate: false,
      fields: {},
      revision: 1,
      labels: [],
      checklists: [],
      dueAt: null,
      dueComplete: false,
      memberIds: [],
      attachments: [],
      coverAttachmentId: null,
      createdAt: now,
      updatedAt: now,
    };
    const events = t.app.get(DomainEvents);
    const at = (version: number, description: string): BoardEventOf<'card.updated'> => ({
      boardId: board._id,
      version,
      actorId: owner._id,
      type: 'card.updated',
      payload: { ...card, description },
    });
    // Published back to back, as two commits in a row are.
    events.publish('board', at(version + 1, card.description));
    events.publish('board', at(version + 2, 'short'));
    events.publish('board', at(version + 3, card.description));
    events.publish('board', at(version + 4, 'short'));

    await log.waitFor((e) => e.version === version + 4);
    await log.waitFor(() => log.events.length === 4);
    expect(log.events.map((e) => e.version)).toEqual([1, 2, 3, 4].map((n) => version + n));
  });
});
