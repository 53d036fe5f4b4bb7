import { decode } from 'jsonwebtoken';
import { createBoard, createUser } from '../helpers/factories';
import { connect, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A token lives JWT_TTL from its sign-in, whatever the user does with it meanwhile. */
describe('a token ends when its sign-in says (JWT_TTL 3s)', () => {
  let t: TestApp;
  let url: string;
  const sockets: ClientSocket[] = [];
  const expiryOf = (token: string) => (decode(token) as { exp: number }).exp;
  const sleepUntil = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms - Date.now())));

  beforeAll(async () => {
    t = await startTestApp({ jwtTtl: '3s' });
    url = await listen(t);
  });
  afterEach(() => sockets.splice(0).forEach((s) => s.close()));
  afterAll(() => t.close());

  it('answers a profile update with a token that ends when the one it replaces ends', async () => {
    const user = await createUser(t);
    const exp = expiryOf(user.token);
    await sleepUntil(Date.now() + 1100);
    const res = await t.http.put('/api/users/profile').set(user.auth).field('name', 'Renamed');
    expect(res.status).toBe(200);
    expect(expiryOf(res.body.token)).toBe(exp);
    await sleepUntil(exp * 1000 + 200);
    const me = await t.http.get('/api/users/me').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(401);
  });

  it('closes a socket when its token expires, not before', async () => {
    const user = await createUser(t);
    const board = await createBoard(t, user);
    const exp = expiryOf(user.token);
    const socket = await connect(url, user.token);
    sockets.push(socket);
    expect(await joinBoard(socket, board._id)).toMatchObject({ ok: true });
    const gone = new Promise<number>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason === 'io server disconnect' ? Date.now() : -1)),
    );
    const closedAt = await Promise.race([gone, sleepUntil(exp * 1000 + 2000).then(() => 0)]);
    expect(closedAt).toBeGreaterThanOrEqual(exp * 1000 - 50);
    await expect(connect(url, user.token)).rejects.toThrow('Unauthorized');
  });
});
