import type { BoardDetail, BoardEvent, CompactBoardDetail } from '@papan/shared';
import { castBoard, castOf } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/api.md, "Revisions": cards, lists, boards, checklists, checklist items and comments carry a
 * revision; their updates take `If-Match` and answer 412 with the object as it is now when it moved on.
 */
describe('Revisions and If-Match', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member } = await castOf(t));
  });
  afterAll(() => t.close());

  interface Subject {
    boardId: string;
    /** The update call's path. */
    path: string;
    /** Who may update it (a comment: its author only). */
    user: TestUser;
    /** A body changing the object, different for each `n`. */
    body: (n: number) => Record<string, unknown>;
    /** The object's revision in each read that carries it (per-entity, full and compact board reads). */
    reads: () => Promise<number[]>;
    /** The event type its update records. */
    event: BoardEvent['type'];
  }

  const api = () => t.http;
  const post = async (path: string, body: object, user = member) => {
    const res = await api().post(path).set(user.auth).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { _id: string; revision: number };
  };
  const boardReads = async (boardId: string) => {
    const full = (await api().get(`/api/boards/${boardId}`).set(member.auth)).body as BoardDetail;
    const compact = (await api().get(`/api/boards/${boardId}?view=compact`).set(member.auth))
      .body as CompactBoardDetail;
    return { full, compact };
  };

  /** A board of `owner` (with `member`) holding one list with one card with one checklist of one item. */
  const world = async () => {
    const board = await castBoard(t, { owner, member });
    const list = await post(`/api/boards/${board._id}/lists`, { title: 'To do' });
    const card = await post(`/api/lists/${list._id}/cards`, { title: 'Card', description: 'Start' });
    const checklist = await post(`/api/cards/${card._id}/checklists`, { title: 'Steps' });
    const item = await post(`/api/checklists/${checklist._id}/items`, { text: 'Step one' });
    const comment = await post(`/api/cards/${card._id}/comments`, { text: 'First thought' });
    for (const made of [list, card, checklist, item, comment]) expect(made.revision).toBe(1);
    return { boardId: board._id, listId: list._id, cardId: card._id, checklist, item, comment };
  };

  const subjects: Record<string, () => Promise<Subject>> = {
    card: async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/cards/${w.cardId}`,
        user: member,
        body: (n) => ({ description: `Description ${n}` }),
        event: 'card.updated',
        reads: async () => {
          const perList = (await api().get(`/api/lists/${w.listId}/cards`).set(member.auth)).body;
          const { full, compact } = await boardReads(w.boardId);
          return [
            perList[0].revision,
            full.lists[0]!.cards[0]!.revision,
            compact.lists[0]!.cards[0]!.revision,
          ];
        },
      };
    },
    list: async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/lists/${w.listId}`,
        user: member,
        body: (n) => ({ title: `List ${n}` }),
        event: 'list.updated',
        reads: async () => {
          const perBoard = (await api().get(`/api/boards/${w.boardId}/lists`).set(member.auth)).body;
          const { full, compact } = await boardReads(w.boardId);
          return [perBoard[0].revision, full.lists[0]!.revision, compact.lists[0]!.revision];
        },
      };
    },
    board: async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/boards/${w.boardId}`,
        user: owner,
        body: (n) => ({ description: `Board ${n}` }),
        event: 'board.updated',
        reads: async () => {
          const mine = (await api().get('/api/boards').set(member.auth)).body as {
            _id: string;
            revision: number;
          }[];
          const { full, compact } = await boardReads(w.boardId);
          return [mine.find((b) => b._id === w.boardId)!.revision, full.revision, compact.revision];
        },
      };
    },
    checklist: async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/checklists/${w.checklist._id}`,
        user: member,
        body: (n) => ({ title: `Steps ${n}` }),
        event: 'checklist.updated',
        reads: async () => {
          const ofCard = (await api().get(`/api/cards/${w.cardId}/checklists`).set(member.auth)).body;
          const { full, compact } = await boardReads(w.boardId);
          const onCard = (b: BoardDetail | CompactBoardDetail) =>
            b.lists[0]!.cards[0]!.checklists[0]!.revision;
          return [ofCard[0].revision, onCard(full), onCard(compact)];
        },
      };
    },
    'checklist item': async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/checklists/${w.checklist._id}/items/${w.item._id}`,
        user: member,
        body: (n) => ({ text: `Step ${n}` }),
        event: 'checklistItem.updated',
        reads: async () => {
          const ofCard = (await api().get(`/api/cards/${w.cardId}/checklists`).set(member.auth)).body;
          const { full } = await boardReads(w.boardId);
          return [ofCard[0].items[0].revision, full.lists[0]!.cards[0]!.checklists[0]!.items[0]!.revision];
        },
      };
    },
    comment: async () => {
      const w = await world();
      return {
        boardId: w.boardId,
        path: `/api/comments/${w.comment._id}`,
        user: member,
        body: (n) => ({ text: `Thought ${n}` }),
        event: 'comment.updated',
        reads: async () => {
          const ofCard = (await api().get(`/api/cards/${w.cardId}/comments`).set(member.auth)).body;
          const list = (Array.isArray(ofCard) ? ofCard : ofCard.comments) as { revision: number }[];
          return [list[0]!.revision];
        },
      };
    },
  };

  const versionOf = async (boardId: string) =>
    ((await api().get(`/api/boards/${boardId}`).set(member.auth)).body as BoardDetail).version;
  const eventsOf = async (boardId: string) =>
    (
      (await api().get(`/api/boards/${boardId}/events?after=0`).set(member.auth)).body as {
        events: BoardEvent[];
      }
    ).events;
  const update = (s: Subject, n: number, ifMatch?: string) => {
    const req = api().put(s.path).set(s.user.auth);
    if (ifMatch !== undefined) req.set('If-Match', ifMatch);
    return req.send(s.body(n));
  };

  describe.each(Object.keys(subjects))('a %s', (kind) => {
    it('answers 412 with the object as it is now to a stale If-Match, and writes nothing', async () => {
      const s = await subjects[kind]!();
      expect((await update(s, 1, '1')).status).toBe(200);
      const version = await versionOf(s.boardId);
      const events = await eventsOf(s.boardId);
      const res = await update(s, 2, '1');
      expect(res.status).toBe(412);
      expect(res.body).toMatchObject({
        statusCode: 412,
        error: 'Precondition Failed',
        message: expect.stringMatching(/revision 1.*revision 2/),
        current: { revision: 2, ...(kind === 'board' ? {} : s.body(1)) },
      });
      expect(await versionOf(s.boardId)).toBe(version);
      expect(await eventsOf(s.boardId)).toEqual(events);
      expect(await s.reads()).toEqual((await s.reads()).map(() => 2));
    });

    it('takes the current revision: 200 with revision + 1 in the answer, the event and every read', async () => {
      const s = await subjects[kind]!();
      expect(new Set(await s.reads())).toEqual(new Set([1]));
      const res = await update(s, 1, '1');
      expect(res.status).toBe(200);
      expect(res.body.revision).toBe(2);
      const events = await eventsOf(s.boardId);
      const last = events.at(-1)!;
      expect(last.type).toBe(s.event);
      expect((last.payload as { revision: number }).revision).toBe(2);
      expect(new Set(await s.reads())).toEqual(new Set([2]));
      // As an entity tag too.
      expect((await update(s, 2, '"2"')).body.revision).toBe(3);
    });

    it('without If-Match changes as before, and the revision still grows', async () => {
      const s = await subjects[kind]!();
      const res = await update(s, 1);
      expect(res.status).toBe(200);
      expect(res.body.revision).toBe(2);
      expect((await update(s, 2)).body.revision).toBe(3);
    });

    it.each(['abc', '0', '-1', '1.5', '1, 2', '""', 'W/"x"'])(
      'refuses If-Match %j with 400',
      async (value) => {
        const s = await subjects[kind]!();
        const version = await versionOf(s.boardId);
        const res = await update(s, 1, value);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^If-Match/);
        expect(await versionOf(s.boardId)).toBe(version);
      },
    );

    it('lets exactly one of 10 concurrent updates with the same revision through', async () => {
      const s = await subjects[kind]!();
      const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => update(s, n, '1')));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, ...Array(9).fill(412)]);
      const winner = answers.find((a) => a.status === 200)!;
      expect(winner.body.revision).toBe(2);
      for (const loser of answers.filter((a) => a.status === 412))
        expect(loser.body.current).toEqual(winner.body);
      expect((await eventsOf(s.boardId)).filter((e) => e.type === s.event)).toHaveLength(1);
    });
  });

  it('documents If-Match and the 412 on the six updates in the OpenAPI document', async () => {
    const doc = (await api().get('/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<string, { parameters: { name: string; in: string }[]; responses: object }>
      >;
    };
    const updates = [
      '/api/cards/{id}',
      '/api/lists/{id}',
      '/api/boards/{id}',
      '/api/checklists/{id}',
      '/api/checklists/{id}/items/{itemId}',
      '/api/comments/{id}',
    ];
    for (const path of updates) {
      const put = doc.paths[path]!.put!;
      expect(put.parameters).toContainEqual(expect.objectContaining({ name: 'If-Match', in: 'header' }));
      expect(put.responses).toHaveProperty('412');
    }
    expect(doc.paths['/api/cards/{id}']!.delete!.responses).not.toHaveProperty('412');
  });

  it('does not let a body set the revision', async () => {
    const w = await world();
    const res = await api().put(`/api/cards/${w.cardId}`).set(member.auth).send({ title: 'T', revision: 40 });
    expect(res.status).toBe(200);
    expect(res.body.revision).toBe(2);
  });
});
