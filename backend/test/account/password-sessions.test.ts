import { createUser, login, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('account security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('PUT /api/users/change-password', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(t, { password: 'old-password' });
    });
    const change = (u: TestUser, body: object) =>
      t.http.put('/api/users/change-password').set(u.auth).send(body);

    it('changes the password and ends every other session, keeping this one', async () => {
      const other = await login(t, user.email, 'old-password');
      const res = await change(user, { currentPassword: 'old-password', newPassword: 'new-password' });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Password updated successfully!');
      expect((await t.http.get('/api/users/me').set(user.auth)).status).toBe(200);
      expect((await t.http.get('/api/users/me').set(other.auth)).status).toBe(401);
      expect(
        (await t.http.post('/api/auth/login').send({ email: user.email, password: 'old-password' })).status,
      ).toBe(401);
      expect(
        (await t.http.post('/api/auth/login').send({ email: user.email, password: 'new-password' })).status,
      ).toBe(200);
    });

    it('refuses a wrong current password with 400 (not 401) and changes nothing', async () => {
      const res = await change(user, { currentPassword: 'wrong-password', newPassword: 'new-password' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^currentPassword/);
      expect(
        (await t.http.post('/api/auth/login').send({ email: user.email, password: 'old-password' })).status,
      ).toBe(200);
    });

    it.each([
      [{ currentPassword: 'old-password', newPassword: 'short' }, 'newPassword'],
      [{ currentPassword: 'old-password' }, 'newPassword'],
      [{ newPassword: 'new-password' }, 'currentPassword'],
      [{ currentPassword: 1, newPassword: ['x'] }, 'currentPassword'],
    ])('answers 400 for %j', async (body, field) => {
      const res = await change(user, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field}`));
    });
  });

  describe('PUT /api/users/change-password is throttled per account', () => {
    const LIMIT = 3;
    let limited: TestApp;
    beforeAll(async () => {
      limited = await startTestApp({ rateLimit: { loginPerAccount: LIMIT, windowSeconds: 60 } });
    });
    afterAll(() => limited.close());
    const change = (u: TestUser, currentPassword: string) =>
      limited.http
        .put('/api/users/change-password')
        .set(u.auth)
        .send({ currentPassword, newPassword: 'new-password' });

    it(`answers 429 after ${LIMIT} wrong current passwords, even to parallel guesses and the right one`, async () => {
      const user = await createUser(limited, { password: 'old-password' });
      const guesses = await Promise.all(Array.from({ length: 20 }, (_, i) => change(user, `guess-${i}`)));
      const statuses = guesses.map((r) => r.status);
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LIMIT);
      expect(statuses.filter((s) => s !== 400 && s !== 429)).toEqual([]);
      const right = await change(user, 'old-password');
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
      // The password did not change; another account is not held back.
      await login(limited, user.email, 'old-password');
      const other = await createUser(limited, { password: 'old-password' });
      expect((await change(other, 'old-password')).status).toBe(200);
    });

    it('clears the count when the right current password is given', async () => {
      const user = await createUser(limited, { password: 'old-password' });
      for (let i = 0; i < LIMIT - 1; i++) expect((await change(user, 'wrong')).status).toBe(400);
      expect((await change(user, 'old-password')).status).toBe(200);
      for (let i = 0; i < LIMIT; i++) expect((await change(user, 'wrong')).status).toBe(400);
    });
  });

  describe('login sessions', () => {
    it('lists the caller’s sessions with device, location and which one is current', async () => {
      const user = await createUser(t);
      const firefox = await t.http
        .post('/api/auth/login')
        .set('User-Agent', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')
        .send({ email: user.email, password: user.password });
      const res = await t.http.get('/api/sessions').set(user.auth);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(2);
      const current = res.body.find((s: { current: boolean }) => s.current);
      const other = res.body.find((s: { current: boolean }) => !s.current);
      expect(current).toMatchObject({ location: 'Local network', lastUsed: expect.any(String) });
      expect(other.device).toEqual({ browser: 'Firefox 128', os: 'Windows 10' });
      expect(firefox.status).toBe(200);
    });

    it('revokes one of the caller’s own sessions; its token answers 401 at once', async () => {
      const user = await createUser(t);
      const second = await login(t, user.email, user.password);
      const sessions = (await t.http.get('/api/sessions').set(user.auth)).body as {
        _id: string;
        current: boolean;
      }[];
      const target = sessions.find((s) => !s.current)!;
      const res = await t.http.delete(`/api/sessions/${target._id}`).set(user.auth);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Session has been revoked.');
      expect((await t.http.get('/api/users/me').set(second.auth)).status).toBe(401);
      expect((await t.http.get('/api/users/me').set(user.auth)).status).toBe(200);
    });

    it('cannot revoke someone else’s session', async () => {
      const alice = await createUser(t);
      const bob = await createUser(t);
      const bobSessions = (await t.http.get('/api/sessions').set(bob.auth)).body as { _id: string }[];
      const res = await t.http.delete(`/api/sessions/${bobSessions[0]._id}`).set(alice.auth);
      expect(res.status).toBe(404);
      expect((await t.http.get('/api/users/me').set(bob.auth)).status).toBe(200);
      expect((await t.http.delete('/api/sessions/not-an-id').set(alice.auth)).status).toBe(400);
    });
  });
});
