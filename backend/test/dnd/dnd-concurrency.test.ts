import type { BoardDetail, List } from '@papan/shared';
import { DndService } from '../../src/modules/dnd/dnd.service';
import { castBoard } from '../helpers/cast';
import { createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { readBoard } from '../cards/card-fixtures';

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const shuffle = <T>(items: T[], rnd: () => number): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/** Every list and card exactly once, positions strictly increasing. */
function expectConsistent(board: BoardDetail, listIds: string[], cardIds: string[]) {
  expect([...board.lists.map((l) => l._id)].sort()).toEqual([...listIds].sort());
  const seen = board.lists.flatMap((l) => l.cards.map((c) => c._id));
  expect(seen).toHaveLength(cardIds.length);
  expect(new Set(seen)).toEqual(new Set(cardIds));
  for (const list of board.lists) {
    list.cards.forEach((c, i) => {
      expect(c.listId).toBe(list._id);
      if (i > 0) expect(c.position).toBeGreaterThan(list.cards[i - 1].position);
    });
  }
}

const shape = (lists: List[]) => lists.map((l) => [l._id, l.cards.map((c) => c._id)]);

describe(DndService.name, () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    member = await createUser(t, { name: 'Member' });
  });
  afterAll(() => t.close());

  /** A board of 3 lists of 10 cards each. */
  async function seedBoard() {
    const boardId = (await castBoard(t, { owner, member }, 'Busy'))._id;
    const listIds: string[] = [];
    const home = new Map<string, string>();
    for (let l = 0; l < 3; l++) {
      const listId = (await seedList(t, boardId, `L${l}`, (l + 1) * 1024)).id;
      listIds.push(listId);
      for (let c = 0; c < 10; c++)
        home.set((await seedCard(t, boardId, listId, `c${l}.${c}`, (c + 1) * 1024)).id, listId);
    }
    return { boardId, listIds, home, cardIds: [...home.keys()] };
  }

  async function expectAllReadersAgree(boardId: string, listIds: string[], cardIds: string[]) {
    const first = await readBoard(t, owner, boardId);
    const second = await readBoard(t, member, boardId);
    const perList = await t.http.get(`/api/boards/${boardId}/lists`).set(member.auth);
    expectConsistent(first, listIds, cardIds);
    expect(shape(second.lists)).toEqual(shape(first.lists));
    expect(shape(perList.body)).toEqual(shape(first.lists));
    return first;
  }

  it('keeps every card and list exactly once after 20 concurrent card moves and 10 list reorders', async () => {
    const rnd = random(20_251_122);
    const { boardId, listIds, home, cardIds } = await seedBoard();
    const moved = shuffle(cardIds, rnd).slice(0, 20);
    const destOf = new Map(moved.map((id) => [id, listIds[Math.floor(rnd() * 3)]]));
    const moves = moved.map((cardId, i) =>
      t.http
        .put(`/api/boards/${boardId}/dnd`)
        .set((i % 2 ? owner : member).auth)
        .send({
          type: 'card',
          cardId,
          sourceListId: home.get(cardId),
          destListId: destOf.get(cardId),
          newPosition: Math.floor(rnd() * 12),
        }),
    );
    const reorders = Array.from({ length: 10 }, () =>
      t.http
        .put(`/api/boards/${boardId}/dnd`)
        .set(member.auth)
        .send({ type: 'lists', lists: shuffle(listIds, rnd).map((_id, position) => ({ _id, position })) }),
    );
    const answers = await Promise.all(shuffle([...moves, ...reorders], rnd));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));

    const board = await expectAllReadersAgree(boardId, listIds, cardIds);
    for (const [cardId, listId] of destOf) {
      expect(board.lists.find((l) => l.cards.some((c) => c._id === cardId))!._id).toBe(listId);
    }
    expect(board.version).toBeGreaterThanOrEqual(31);
  });

  it('never loses or duplicates a card when concurrent full-order moves race (the losers get 409)', async () => {
    const rnd = random(7);
    const { boardId, listIds, cardIds } = await seedBoard();
    const snapshot = await readBoard(t, owner, boardId);
    const order = new Map(snapshot.lists.map((l) => [l._id, l.cards.map((c) => c._id)]));
    const moves = Array.from({ length: 20 }, () => {
      const [from, to] = shuffle(listIds, rnd);
      const source = [...order.get(from)!];
      const [card] = source.splice(Math.floor(rnd() * source.length), 1);
      const dest = [...order.get(to)!];
      dest.splice(Math.floor(rnd() * (dest.length + 1)), 0, card);
      return t.http
        .post('/api/dnd/card')
        .set(member.auth)
        .send({ boardId, sourceList: { _id: from, cards: source }, destList: { _id: to, cards: dest } });
    });
    const statuses = (await Promise.all(moves)).map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
    await expectAllReadersAgree(boardId, listIds, cardIds);
  });
});
