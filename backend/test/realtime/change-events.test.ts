import type { BoardEventType } from '@papan/shared';
import { blockedUsers } from '../../src/database/schema';
import { BlockedUsersRepository } from '../../src/modules/users/blocked-users.repository';
import { seedBoardWorld, type BoardIds } from '../helpers/board-world';
import { createUser, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface Step {
  type: BoardEventType;
  request: (
    ids: BoardIds,
    extra: Record<string, string>,
  ) => { method: 'post' | 'put' | 'delete'; path: string; body?: object };
  /** Remembers an id from the answer for later steps. */
  keep?: (body: Record<string, unknown>) => Record<string, string>;
}

/** One request per change type of the board domain API, in an order that keeps each valid. */
const STEPS: Step[] = [
  {
    type: 'board.updated',
    request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}`, body: { title: 'Renamed' } }),
  },
  {
    type: 'list.created',
    request: (i) => ({ method: 'post', path: `/api/boards/${i.boardId}/lists`, body: { title: 'Later' } }),
    keep: (b) => ({ listId: String(b._id) }),
  },
  {
    type: 'list.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/lists/${x.listId}`, body: { title: 'Someday' } }),
  },
  {
    type: 'card.created',
    request: (_i, x) => ({ method: 'post', path: `/api/lists/${x.listId}/cards`, body: { title: 'Idea' } }),
    keep: (b) => ({ cardId: String(b._id) }),
  },
  {
    type: 'card.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/cards/${x.cardId}`, body: { description: 'More' } }),
  },
  { type: 'card.copied', request: (_i, x) => ({ method: 'post', path: `/api/cards/${x.cardId}/copy` }) },
  {
    type: 'card.moved',
    request: (i, x) => ({
      method: 'put',
      path: `/api/boards/${i.boardId}/dnd`,
      body: { type: 'card', cardId: x.cardId, sourceListId: x.listId, destListId: i.listId, newPosition: 0 },
    }),
  },
  {
    type: 'lists.reordered',
    request: (i, x) => ({
      method: 'post',
      path: '/api/dnd/list',
      body: { boardId: i.boardId, orderedLists: [x.listId, i.otherListId, i.listId] },
    }),
  },
  {
    type: 'label.created',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/labels`,
      body: { name: 'Urgent', color: '#ff0000' },
    }),
    keep: (b) => ({ labelId: String(b._id) }),
  },
  {
    type: 'label.updated',
    request: (_i, x) => ({ method: 'put', path: `/api/labels/${x.labelId}`, body: { color: '#00ff00' } }),
  },
  {
    type: 'card.labelAdded',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/labels`,
      body: { labelId: x.labelId },
    }),
  },
  {
    type: 'card.labelRemoved',
    request: (_i, x) => ({ method: 'delete', path: `/api/cards/${x.cardId}/labels/${x.labelId}` }),
  },
  { type: 'label.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/labels/${x.labelId}` }) },
  {
    type: 'checklist.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/checklists`,
      body: { title: 'QA' },
    }),
    keep: (b) => ({ checklistId: String(b._id) }),
  },
  {
    type: 'checklist.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/checklists/${x.checklistId}`,
      body: { title: 'Review' },
    }),
  },
  {
    type: 'checklistItem.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/checklists/${x.checklistId}/items`,
      body: { text: 'Test' },
    }),
    keep: (b) => ({ itemId: String(b._id) }),
  },
  {
    type: 'checklistItem.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/checklists/${x.checklistId}/items/${x.itemId}`,
      body: { isCompleted: true },
    }),
  },
  {
    type: 'checklistItem.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/checklists/${x.checklistId}/items/${x.itemId}` }),
  },
  {
    type: 'checklist.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/checklists/${x.checklistId}` }),
  },
  {
    type: 'comment.created',
    request: (_i, x) => ({
      method: 'post',
      path: `/api/cards/${x.cardId}/comments`,
      body: { text: 'Looks good' },
    }),
    keep: (b) => ({ commentId: String(b._id) }),
  },
  {
    type: 'comment.updated',
    request: (_i, x) => ({
      method: 'put',
      path: `/api/comments/${x.commentId}`,
      body: { text: 'Looks great' },
    }),
  },
  {
    type: 'comment.deleted',
    request: (_i, x) => ({ method: 'delete', path: `/api/comments/${x.commentId}` }),
  },
  { type: 'card.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/cards/${x.cardId}` }) },
  { type: 'list.deleted', request: (_i, x) => ({ method: 'delete', path: `/api/lists/${x.listId}` }) },
  {
    type: 'member.invited',
    request: (i) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/members`,
      body: { email: 'not-yet@example.com' },
    }),
  },
  {
    type: 'member.added',
    request: (i, x) => ({
      method: 'post',
      path: `/api/boards/${i.boardId}/members`,
      body: { email: x.newcomerEmail },
    }),
  },
  {
    type: 'member.removed',
    request: (i, x) => ({ method: 'delete', path: `/api/boards/${i.boardId}/members/${x.newcomerId}` }),
  },
  { type: 'board.archived', request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}/archive` }) },
  {
    type: 'board.unarchived',
    request: (i) => ({ method: 'put', path: `/api/boards/${i.boardId}/unarchive` }),
  },
  {
    type: 'board.deleted',
    request: (i) => ({ method: 'delete', path: `/api/boards/${i.boardId}/permanent` }),
  },
];

describe('one board:event per committed change', () => {
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

  it('reaches the actor and a member for every change type, each with the version one higher', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const extra: Record<string, string> = { newcomerEmail: newcomer.email, newcomerId: newcomer._id };
    const ownerSocket = await connect(url, owner.token);
    const memberSocket = await connect(url, member.token);
    sockets.push(ownerSocket, memberSocket);
    let { version } = (await joinBoard(ownerSocket, ids.boardId)) as { version: number };
    await joinBoard(memberSocket, ids.boardId);
    const logs = [new EventLog(ownerSocket), new EventLog(memberSocket)];

    for (const step of STEPS) {
      const r = step.request(ids, extra);
      const req = t.http[r.method](r.path).set(owner.auth);
      const res = r.body ? await req.send(r.body) : await req;
      if (res.status >= 300) throw new Error(`${step.type}: ${res.status} ${JSON.stringify(res.body)}`);
      Object.assign(extra, step.keep?.(res.body) ?? {});
      version++;
      for (const log of logs) {
        const event = await log.waitFor((e) => e.version === version);
        expect({ type: event.type, actorId: event.actorId, boardId: event.boardId }).toEqual({
          type: step.type,
          actorId: owner._id,
          boardId: ids.boardId,
        });
      }
    }
    await settle();
    // Exactly one event per change, nothing more.
    expect(logs[0].events).toHaveLength(STEPS.length);
    expect(logs[1].events).toHaveLength(STEPS.length);
  });

  it('hides a comment from the socket of someone its author has blocked', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    await t.db.insert(blockedUsers).values({ blockerId: owner._id, blockedId: member._id });
    const ownerSocket = await connect(url, owner.token);
    const memberSocket = await connect(url, member.token);
    sockets.push(ownerSocket, memberSocket);
    await joinBoard(ownerSocket, ids.boardId);
    await joinBoard(memberSocket, ids.boardId);
    const [ownerLog, memberLog] = [new EventLog(ownerSocket), new EventLog(memberSocket)];
    await t.http.post(`/api/cards/${ids.cardId}/comments`).set(owner.auth).send({ text: 'private words' });
    await t.http.put(`/api/lists/${ids.listId}`).set(owner.auth).send({ title: 'Visible' });
    await ownerLog.waitFor((e) => e.type === 'list.updated');
    await memberLog.waitFor((e) => e.type === 'list.updated');
    expect(ownerLog.events.map((e) => e.type)).toContain('comment.created');
    expect(memberLog.events.map((e) => e.type)).not.toContain('comment.created');
  });

  it('withholds a comment from every socket when the blocked list cannot be read (fails closed)', async () => {
    const ids = await seedBoardWorld(t, owner, [member]);
    const memberSocket = await connect(url, member.token);
    sockets.push(memberSocket);
    const joined = await joinBoard(memberSocket, ids.boardId);
    const before = joined.ok ? joined.version : -1;
    const memberLog = new EventLog(memberSocket);
    // What a database outage does to the lookup, on the server's own repository.
    const lookup = jest
      .spyOn(t.app.get(BlockedUsersRepository), 'blockedIdsOf')
      .mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
    try {
      const posted = await t.http
        .post(`/api/cards/${ids.cardId}/comments`)
        .set(owner.auth)
        .send({ text: 'maybe private words' });
      expect(posted.status).toBe(201);
      await t.http.put(`/api/lists/${ids.listId}`).set(owner.auth).send({ title: 'Visible' });
      const next = await memberLog.waitFor((e) => e.type === 'list.updated');
      expect(lookup).toHaveBeenCalled();
      expect(memberLog.events.map((e) => e.type)).not.toContain('comment.created');
      // The gap in versions tells the client to read the board again (where blocking is applied).
      expect(next.version).toBe(before + 2);
    } finally {
      lookup.mockRestore();
    }
  });
});
