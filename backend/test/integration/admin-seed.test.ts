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

  it('makes that administrator exist and able to log in', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'root@example.com', password: 'admin-password' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'ADMIN', name: 'Root', email: 'root@example.com' });
  });
});
