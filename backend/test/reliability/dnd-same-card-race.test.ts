import type { BoardDetail } from '@papan/shared';
import { createBoard, createUser, seedCard, seedList, seedMember, type TestUser } from '../helpers/factories';
import { connect, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { BoardReplica, full, shapeOf } from './replica';

/** 200 races by default, 1,000 under RELIABILITY_FULL=1 (docs/operations.md, "Reliability checks"). */
const PAIRS = full ? 1000 : 200;

describe('two clients moving the same card at the same instant', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let member: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  const read = async (user: TestUser): Promise<BoardDetail> =>
    (await fetch(`${url}/api/boards/${boardId}`, { headers: user.auth })).json() as Promise<BoardDetail>;
  let boardId = '';

  it(
    `leaves the card in exactly one place after ${PAIRS} races, and every client agrees`,
    async () => {
      boardId = (await createBoard(t, owner, 'Race'))._id;
      await seedMember(t, boardId, member);
      const listIds: string[] = [];
      for (let l = 0; l < 4; l++) listIds.push((await seedList(t, boardId, `L${l}`, (l + 1) * 1024)).id);
      for (let c = 0; c < 5; c++) await seedCard(t, boardId, listIds[c % 4], `other ${c}`, (c + 1) * 1024);
      const cardId = (await seedCard(t, boardId, listIds[0], 'Contested', 512)).id;

      const replicas: BoardReplica[] = [];
      for (const user of [owner, member]) {
        const socket = await connect(url, user.token);
        sockets.push(socket);
        expect((await joinBoard(socket, boardId)).ok).toBe(true);
        replicas.push(new BoardReplica(socket, await read(user)));
      }

      const move = (user: TestUser, from: string, to: string, newPosition: number) =>
        fetch(`${url}/api/boards/${boardId}/dnd`, {
          method: 'PUT',
          headers: { ...user.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'card', cardId, sourceListId: from, destListId: to, newPosition }),
        }).then((r) => r.status);

      let at = listIds[0];
      const started = Date.now();
      for (let i = 0; i < PAIRS; i++) {
        const others = listIds.filter((l) => l !== at);
        const [toA, toB] = [others[i % 3], others[(i + 1) % 3]];
        const [a, b] = await Promise.all([move(owner, at, toA, i % 4), move(member, at, toB, (i + 2) % 4)]);
        // The first to lock the board wins; the other's source is stale by then and gets 409.
        expect([a, b].sort()).toEqual([200, 409]);
        at = a === 200 ? toA : toB;
      }
      const elapsed = Date.now() - started;

      const fresh = await read(owner);
      const places = fresh.lists.flatMap((l) => l.cards.filter((c) => c._id === cardId).map(() => l._id));
      expect(places).toEqual([at]);
      expect(fresh.lists.flatMap((l) => l.cards)).toHaveLength(6);

      await settle(300);
      for (const replica of replicas) {
        expect(replica.ordered).toBe(true);
        expect(replica.unapplied).toEqual([]);
        expect(replica.versions).toHaveLength(PAIRS);
        expect(replica.versions.at(-1)).toBe(fresh.version);
        expect(replica.shape()).toEqual(shapeOf(fresh));
      }
      console.log(`${PAIRS} same-card races (${PAIRS * 2} moves) on ${t.kind}: ${elapsed} ms`);
    },
    full ? 400_000 : 110_000,
  );
});
