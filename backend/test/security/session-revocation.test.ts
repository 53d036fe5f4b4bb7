import { decode } from 'jsonwebtoken';
import { startAdminApp } from '../admin/admin-fixtures';
import { createBoard, createUser, login, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import type { TestApp } from '../helpers/test-app';

/** One signed-in device: its token and its open socket, joined to a board. */
interface Device {
  user: TestUser;
  socket: ClientSocket;
  /** Resolves with the disconnect reason. */
  gone: Promise<string>;
  events: EventLog;
}

const DISCONNECT_WITHIN_MS = 2000;

describe('ending sessions drops the other sessions and their sockets at once', () => {
  let t: TestApp;
  let admin: TestUser;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
    url = await listen(t);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  /** The same account signed in on three devices, each with a socket watching the same board. */
  async function threeDevices(): Promise<{ devices: Device[]; boardId: string }> {
    const first = await createUser(t, { password: 'old-password' });
    const users = [
      first,
      await login(t, first.email, 'old-password'),
      await login(t, first.email, 'old-password'),
    ];
    const board = await createBoard(t, first);
    const devices: Device[] = [];
    for (const user of users) {
      const socket = await connect(url, user.token);
      sockets.push(socket);
      expect(await joinBoard(socket, board._id)).toMatchObject({ ok: true });
      const gone = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
      devices.push({ user, socket, gone, events: new EventLog(socket) });
    }
    return { devices, boardId: board._id };
  }

  const within = <T>(p: Promise<T>) =>
    Promise.race([
      p,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`not within ${DISCONNECT_WITHIN_MS} ms`)), DISCONNECT_WITHIN_MS),
      ),
    ]);
  const status = async (u: TestUser) => (await t.http.get('/api/users/me').set(u.auth)).status;

  async function expectDropped(d: Device) {
    expect(await within(d.gone)).toBe('io server disconnect');
    expect(await status(d.user)).toBe(401);
    await expect(connect(url, d.user.token)).rejects.toThrow('Unauthorized');
  }

  it('password change: every other session gets 401 and its socket is closed; this one stays', async () => {
    const { devices, boardId } = await threeDevices();
    const [mine, ...others] = devices;
    const res = await t.http
      .put('/api/users/change-password')
      .set(mine.user.auth)
      .send({ currentPassword: 'old-password', newPassword: 'new-password' });
    expect(res.status).toBe(200);
    for (const d of others) await expectDropped(d);
    expect(mine.socket.connected).toBe(true);
    expect(await status(mine.user)).toBe(200);
    // The kept socket still gets the board's events; the dropped ones got nothing after the change.
    await t.http.put(`/api/boards/${boardId}`).set(mine.user.auth).send({ title: 'After' });
    await mine.events.waitFor((e) => e.type === 'board.updated');
    await settle();
    for (const d of others) expect(d.events.events.map((e) => e.type)).not.toContain('board.updated');
  });

  it('revoking one session from the sessions page drops exactly that session and its socket', async () => {
    const { devices } = await threeDevices();
    const [mine, revoked, kept] = devices;
    const sid = (decode(revoked.user.token) as { sid: string }).sid;
    expect((await t.http.delete(`/api/sessions/${sid}`).set(mine.user.auth)).status).toBe(200);
    await expectDropped(revoked);
    expect([mine.socket.connected, kept.socket.connected]).toEqual([true, true]);
    expect([await status(mine.user), await status(kept.user)]).toEqual([200, 200]);
  });

  it('account deletion by its owner: every session gets 401 and every socket is closed', async () => {
    const { devices } = await threeDevices();
    expect((await t.http.delete('/api/users/me').set(devices[0].user.auth)).status).toBe(200);
    for (const d of devices) await expectDropped(d);
  });

  it('account deletion by an administrator: every session gets 401 and every socket is closed', async () => {
    const { devices } = await threeDevices();
    const res = await t.http.delete(`/api/users/${devices[0].user._id}`).set(admin.auth);
    expect(res.status).toBe(200);
    for (const d of devices) await expectDropped(d);
  });

  it('role change by an administrator: every session gets 401 and every socket is closed', async () => {
    const { devices } = await threeDevices();
    const res = await t.http.put(`/api/users/${devices[0].user._id}`).set(admin.auth).send({ role: 'OWNER' });
    expect(res.status).toBe(200);
    for (const d of devices) await expectDropped(d);
    const again = await login(t, devices[0].user.email, 'old-password');
    expect(again.role).toBe('OWNER');
  });
});
