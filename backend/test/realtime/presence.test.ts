import type { BoardPresence } from '@papan/shared';
import { createToken } from '../api-tokens/token-fixtures';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { connect, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** GET /api/boards/{id}/presence: who has a board open, for viewers outside its room (the wallboard). */
describe('GET /api/boards/:id/presence', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  let member: TestUser;
  let boardId: string;
  const sockets: ClientSocket[] = [];
  const open = async (user: TestUser) => {
    const socket = await connect(url, user.token);
    sockets.push(socket);
    expect(await joinBoard(socket, boardId)).toMatchObject({ ok: true });
    return socket;
  };
  const presence = async (auth: Record<string, string>) => {
    const res = await t.http.get(`/api/boards/${boardId}/presence`).set(auth);
    expect(res.status).toBe(200);
    return res.body as BoardPresence;
  };

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner Olga' });
    member = await createUser(t, { name: 'Member Made' });
    boardId = (await createBoard(t, owner))._id;
    await seedMember(t, boardId, member);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  it('is empty while nobody has the board open', async () => {
    expect(await presence(owner.auth)).toEqual({ boardId, users: [] });
  });

  it('names each viewer once, however many tabs they have open, and forgets who left', async () => {
    await open(owner);
    await open(owner);
    const memberSocket = await open(member);
    const both = await presence(owner.auth);
    expect(both.users.map((u) => u.name).sort()).toEqual(['Member Made', 'Owner Olga']);
    memberSocket.close();
    await settle(300);
    expect((await presence(owner.auth)).users).toEqual([{ _id: owner._id, name: 'Owner Olga' }]);
  });

  it('answers a read-only API token of a member, which is not itself a viewer', async () => {
    await open(member);
    const token = await createToken(t, owner, { scopes: ['boards:read'], boardIds: [boardId] });
    expect((await presence(token.auth)).users).toEqual([{ _id: member._id, name: 'Member Made' }]);
  });

  it('refuses a token limited to other boards', async () => {
    const other = await createBoard(t, owner);
    const token = await createToken(t, owner, { scopes: ['boards:read'], boardIds: [other._id] });
    const res = await t.http.get(`/api/boards/${boardId}/presence`).set(token.auth);
    expect(res.status).toBe(403);
  });
});
