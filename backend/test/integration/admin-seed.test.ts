import { eq } from 'drizzle-orm';
import { users } from '../../src/database/schema';
import { AdminSeeder } from '../../src/modules/users/admin-seeder';
import { createBoard, createUser, login } from '../helpers/factories';
import { connect, joinBoard, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      {},
      { ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'admin-password', ADMIN_NAME: 'Root' },
    );
  });
  afterAll(() => t.close());

  it('makes that administrator exist and able to log in, its address vouched for', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'root@example.com', password: 'admin-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      role: 'ADMIN',
      name: 'Root',
      email: 'root@example.com',
      emailVerified: true,
    });
  });
});

describe('ADMIN_EMAIL naming an account that already exists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** What an instance starting with ADMIN_EMAIL does, run on this live server. */
  async function seed(email: string, password: string): Promise<void> {
    t.config.admin = { email, password, name: 'Root' };
    await t.app.get(AdminSeeder).onApplicationBootstrap();
  }

  it('takes it over: its sessions and sockets end, its Google link goes, it is verified', async () => {
    const squatter = await createUser(t, { password: 'squatter-password' });
    await t.db.update(users).set({ googleId: 'google-subject-1' }).where(eq(users.id, squatter._id));
    const board = await createBoard(t, squatter);
    const socket = await connect(await listen(t), squatter.token);
    expect(await joinBoard(socket, board._id)).toMatchObject({ ok: true });
    const closed = new Promise<string>((resolve) => socket.on('disconnect', resolve));

    await seed(squatter.email, 'admin-password');

    expect(await closed).toBe('io server disconnect');
    expect((await t.http.get('/api/users/me').set(squatter.auth)).status).toBe(401);
    const [row] = await t.db.select().from(users).where(eq(users.id, squatter._id));
    expect(row).toMatchObject({ role: 'ADMIN', googleId: null, emailVerified: true, provider: 'local' });
    const old = await t.http
      .post('/api/auth/login')
      .send({ email: squatter.email, password: 'squatter-password' });
    expect(old.status).toBe(401);
    const admin = await login(t, squatter.email, 'admin-password');
    expect(admin).toMatchObject({ role: 'ADMIN', emailVerified: true });
  });

  it('keeps the administrator signed in across restarts with the same settings', async () => {
    const user = await createUser(t);
    await seed(user.email, 'admin-password');
    const admin = await login(t, user.email, 'admin-password');
    // The administrator links their Google account afterwards (Google links to a verified account).
    await t.db.update(users).set({ googleId: 'google-subject-2' }).where(eq(users.id, user._id));
    await seed(user.email, 'admin-password');
    expect((await t.http.get('/api/users/me').set(admin.auth)).status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row.googleId).toBe('google-subject-2');
    // A new ADMIN_PASSWORD is a password change: the sessions of the old one end.
    await seed(user.email, 'rotated-password');
    expect((await t.http.get('/api/users/me').set(admin.auth)).status).toBe(401);
    await login(t, user.email, 'rotated-password');
  });
});
