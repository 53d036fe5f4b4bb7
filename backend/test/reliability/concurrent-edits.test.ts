import type { BoardDetail } from '@papan/shared';
import { seedBoardWorld } from '../helpers/board-world';
import { createBoard, createUser, seedCard, seedList, seedMember, type TestUser } from '../helpers/factories';
import { connect, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { BoardReplica, full, shapeOf } from './replica';

/** 10 s of reorders by default, 60 s under RELIABILITY_FULL=1. */
const REORDER_MS = full ? 60_000 : 10_000;
const CLIENTS = 20;

describe('concurrent edits of one board', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  const read = async (user: TestUser, boardId: string): Promise<BoardDetail> =>
    (await fetch(`${url}/api/boards/${boardId}`, { headers: user.auth })).json() as Promise<BoardDetail>;

  it('keeps every field when different fields of one card are edited at the same instant', async () => {
    const member = await createUser(t, { name: 'Member' });
    const ids = await seedBoardWorld(t, owner, [member]);
    const card = `/api/cards/${ids.otherCardId}`;
    const answers = await Promise.all([
      t.http.put(card).set(owner.auth).send({ title: 'Title by owner' }),
      t.http.put(card).set(member.auth).send({ description: 'Description by member' }),
      t.http.post(`${card}/labels`).set(owner.auth).send({ labelId: ids.labelId }),
      t.http.post(`${card}/checklists`).set(member.auth).send({ title: 'Checklist by member' }),
      t.http.post(`${card}/comments`).set(owner.auth).send({ text: 'Comment by owner' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, expect.any(Number), 201, 201]);
    expect(answers[2].status).toBeLessThan(300);

    const board = await read(member, ids.boardId);
    const fresh = board.lists.flatMap((l) => l.cards).find((c) => c._id === ids.otherCardId)!;
    expect(fresh).toMatchObject({ title: 'Title by owner', description: 'Description by member' });
    expect(fresh.labels.map((l) => l._id)).toContain(ids.labelId);
    expect(fresh.checklists.map((c) => c.title)).toContain('Checklist by member');
    const comments = (await t.http.get(`${card}/comments`).set(member.auth)).body;
    expect(JSON.stringify(comments)).toContain('Comment by owner');
  });

  it(
    `keeps every card exactly once and all ${CLIENTS} clients in agreement after reorders by all of them`,
    async () => {
      const boardId = (await createBoard(t, owner, 'Reorders'))._id;
      const listIds: string[] = [];
      const cardIds: string[] = [];
      for (let l = 0; l < 4; l++) {
        listIds.push((await seedList(t, boardId, `L${l}`, (l + 1) * 1024)).id);
        for (let c = 0; c < 8; c++)
          cardIds.push((await seedCard(t, boardId, listIds[l], `c${l}.${c}`, (c + 1) * 1024)).id);
      }
      const clients: { user: TestUser; replica: BoardReplica }[] = [];
      for (let i = 0; i < CLIENTS; i++) {
        const user = i < 4 ? await createUser(t, { name: `Mover ${i}` }) : clients[i % 4].user;
        if (i < 4) await seedMember(t, boardId, user);
        const socket = await connect(url, user.token);
        sockets.push(socket);
        expect((await joinBoard(socket, boardId)).ok).toBe(true);
        clients.push({ user, replica: new BoardReplica(socket, await read(user, boardId)) });
      }

      const statuses = new Map<number, number>();
      const unexpected: string[] = [];
      const deadline = Date.now() + REORDER_MS;
      let seed = 1;
      const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      await Promise.all(
        clients.map(async ({ user, replica }) => {
          while (Date.now() < deadline) {
            // Each client drags from what it currently sees; a stale view gets 409, as in the browser.
            const cardId = cardIds[Math.floor(rnd() * cardIds.length)];
            const lists = rnd() < 0.1;
            const res = await fetch(`${url}/api/boards/${boardId}/dnd`, {
              method: 'PUT',
              headers: { ...user.auth, 'content-type': 'application/json' },
              body: JSON.stringify(
                lists
                  ? {
                      type: 'lists',
                      lists: [...listIds].sort(() => rnd() - 0.5).map((_id, position) => ({ _id, position })),
                    }
                  : {
                      type: 'card',
                      cardId,
                      sourceListId: replica.listOf(cardId)!,
                      destListId: listIds[Math.floor(rnd() * listIds.length)],
                      newPosition: Math.floor(rnd() * 10),
                    },
              ),
            });
            const body = await res.text();
            if (res.status !== 200 && res.status !== 409) unexpected.push(`${res.status} ${body}`);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }
        }),
      );
      expect(unexpected).toEqual([]);

      await settle(500);
      const fresh = await read(owner, boardId);
      const seen = fresh.lists.flatMap((l) => l.cards.map((c) => c._id));
      expect(seen).toHaveLength(cardIds.length);
      expect(new Set(seen)).toEqual(new Set(cardIds));
      for (const { replica } of clients) {
        expect(replica.ordered).toBe(true);
        expect(replica.unapplied).toEqual([]);
        expect(replica.versions.at(-1)).toBe(fresh.version);
        expect(replica.shape()).toEqual(shapeOf(fresh));
      }
      console.log(
        `${CLIENTS} clients reordering for ${REORDER_MS / 1000} s on ${t.kind}: ` +
          `${statuses.get(200) ?? 0} moves applied, ${statuses.get(409) ?? 0} stale (409), version ${fresh.version}`,
      );
    },
    REORDER_MS + 60_000,
  );
});
