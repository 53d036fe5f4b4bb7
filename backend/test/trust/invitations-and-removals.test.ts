import { castBoard } from '../helpers/cast';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { linkToken, startAppWithMail, type MailCatcher } from '../helpers/mail-catcher';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('invitations wait for a proven address (REQUIRE_VERIFIED_EMAIL)', () => {
  let mail: MailCatcher;
  let t: TestApp;
  let close: () => Promise<void>;
  let owner: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail(
      {},
      { ADMIN_EMAIL: 'root@papan.test', ADMIN_PASSWORD: 'admin-password' },
    ));
    owner = await createUser(t, { name: 'Olive Owner' });
    admin = await login(t);
  });
  afterAll(() => close());

  async function login(app: TestApp): Promise<TestUser> {
    const res = await app.http
      .post('/api/auth/login')
      .send({ email: 'root@papan.test', password: 'admin-password' });
    return { ...res.body, password: 'admin-password', auth: { Authorization: `Bearer ${res.body.token}` } };
  }
  const invite = (boardId: string, email: string) =>
    t.http.post(`/api/boards/${boardId}/members`).set(owner.auth).send({ email });
  const canRead = async (boardId: string, user: TestUser) =>
    (await t.http.get(`/api/boards/${boardId}`).set(user.auth)).status === 200;

  it('keeps the invitation of an unverified account pending and applies it when the link is opened', async () => {
    // A squatter holding someone's address gets nothing sent to that address.
    const invitee = await createUser(t, { name: 'Ina Invitee', verified: false });
    const board = await createBoard(t, owner, 'Quarterly plan');

    const res = await invite(board._id, invitee.email);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ pending: true });
    expect(await canRead(board._id, invitee)).toBe(false);
    const verified = await t.http
      .post('/api/auth/verify-email')
      .send({ token: linkToken((await mail.waitFor(invitee.email)).link) });
    expect(verified.status).toBe(200);
    expect(await canRead(board._id, invitee)).toBe(true);
  });

  it('does not let an unverified account claim an invitation by joining', async () => {
    const invitee = await createUser(t, { verified: false });
    const board = await createBoard(t, owner, 'Invitation only');
    await t.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ linkJoining: false });
    await invite(board._id, invitee.email);

    const join = await t.http.post(`/api/boards/${board._id}/join`).set(invitee.auth);

    expect(join.status).toBe(403);
    expect(await canRead(board._id, invitee)).toBe(false);
  });

  it('lets an administrator mark an account verified, which applies its invitations', async () => {
    const invitee = await createUser(t, { verified: false });
    const board = await createBoard(t, owner, 'Vouched for');
    await invite(board._id, invitee.email);

    const res = await t.http.post(`/api/admin/users/${invitee._id}/verify-email`).set(admin.auth);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: invitee._id, emailVerified: true });
    expect(await canRead(board._id, invitee)).toBe(true);
    const list = (await t.http.get('/api/users').set(admin.auth)).body as {
      _id: string;
      emailVerified: boolean;
    }[];
    expect(list.find((u) => u._id === invitee._id)?.emailVerified).toBe(true);
    expect((await t.http.post(`/api/admin/users/${invitee._id}/verify-email`).set(owner.auth)).status).toBe(
      403,
    );
    expect(
      (
        await t.http
          .post(`/api/admin/users/00000000-0000-4000-8000-000000000000/verify-email`)
          .set(admin.auth)
      ).status,
    ).toBe(404);
    expect((await t.http.post('/api/admin/users/not-an-id/verify-email').set(admin.auth)).status).toBe(400);
  });

  it('invites a verified account at once', async () => {
    const invitee = await createUser(t, { verified: false });
    await t.http.post(`/api/admin/users/${invitee._id}/verify-email`).set(admin.auth);
    const board = await createBoard(t, owner, 'Straight in');

    const res = await invite(board._id, invitee.email);

    expect(res.body).toMatchObject({ member: { _id: invitee._id } });
    expect(await canRead(board._id, invitee)).toBe(true);
  });
});

describe('a removed member stays removed (security finding 4)', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Olive Owner' });
    member = await createUser(t, { name: 'Max Member' });
  });
  afterAll(() => t.close());

  const join = (boardId: string) => t.http.post(`/api/boards/${boardId}/join`).set(member.auth);

  it('cannot join again by link until the owner invites them again', async () => {
    const board = await castBoard(t, { owner, member }, 'Open board');
    expect(
      (await t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth)).status,
    ).toBe(200);

    const back = await join(board._id);

    expect(back.status).toBe(403);
    expect(back.body.message).toBe('You cannot join this board.');
    expect((await t.http.get(`/api/boards/${board._id}`).set(member.auth)).status).toBe(403);
    // Inviting themselves is a join too.
    const self = await t.http
      .post(`/api/boards/${board._id}/members`)
      .set(member.auth)
      .send({ email: member.email });
    expect(self.status).toBe(403);

    const invited = await t.http
      .post(`/api/boards/${board._id}/members`)
      .set(owner.auth)
      .send({ email: member.email });
    expect(invited.status).toBe(201);
    expect((await t.http.get(`/api/boards/${board._id}`).set(member.auth)).status).toBe(200);

    // Removed again, then the owner's invitation is gone with the membership: the link is barred again.
    await t.http.delete(`/api/boards/${board._id}/members/${member._id}`).set(owner.auth);
    expect((await join(board._id)).status).toBe(403);
  });

  it("does not bar the person from the owner's other boards", async () => {
    const removedFrom = await createBoard(t, owner, 'Removed from');
    const other = await createBoard(t, owner, 'Another open board');
    await seedMember(t, removedFrom._id, member);
    await t.http.delete(`/api/boards/${removedFrom._id}/members/${member._id}`).set(owner.auth);

    expect((await join(other._id)).status).toBe(200);
  });
});
