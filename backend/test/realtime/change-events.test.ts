import { blockedUsers } from '../../src/database/schema';
import { BlockedUsersRepository } from '../../src/modules/users/blocked-users.repository';
import { seedBoardWorld } from '../helpers/board-world';
import { STEPS } from '../helpers/change-steps';
import { createUser, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

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
    const extra: Record<string, string> = {
      newcomerEmail: newcomer.email,
      newcomerId: newcomer._id,
      ownerId: owner._id,
    };
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
      for (const type of step.after ? [step.after, step.type] : [step.type]) {
        version++;
        for (const log of logs) {
          const event = await log.waitFor((e) => e.version === version);
          expect({ type: event.type, actorId: event.actorId, boardId: event.boardId }).toEqual({
            type,
            actorId: owner._id,
            boardId: ids.boardId,
          });
        }
      }
    }
    await settle();
    // Exactly one event per change (two where a change records a second), nothing more.
    const expected = STEPS.reduce((n, step) => n + (step.after ? 2 : 1), 0);
    expect(logs[0].events).toHaveLength(expected);
    expect(logs[1].events).toHaveLength(expected);
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
