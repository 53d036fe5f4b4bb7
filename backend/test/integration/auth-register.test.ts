import { startTestApp, type TestApp } from '../helpers/test-app';
import { uniqueEmail } from '../helpers/factories';

describe('POST /api/auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const register = (body: unknown) => t.http.post('/api/auth/register').send(body as object);

  it('creates a local MEMBER with a normalised e-mail and never returns the hash', async () => {
    const email = uniqueEmail('ann');
    const res = await register({
      name: '  Ann  ',
      email: `  ${email.toUpperCase()} `,
      password: 'secret123',
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      name: 'Ann',
      email,
      role: 'MEMBER',
      provider: 'local',
      gender: '',
      socialLinks: {},
    });
    expect(res.body.user._id).toEqual(expect.any(String));
    expect(JSON.stringify(res.body)).not.toMatch(/hash|argon/i);
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const email = uniqueEmail();
    expect((await register({ name: 'A', email, password: 'secret123' })).status).toBe(201);
    const res = await register({ name: 'B', email: email.toUpperCase(), password: 'secret123' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: 'Email is already registered' });
  });

  it.each([
    ['missing name', { email: 'a@example.com', password: 'secret123' }, 'name'],
    ['missing email', { name: 'A', password: 'secret123' }, 'email'],
    ['missing password', { name: 'A', email: 'a@example.com' }, 'password'],
    ['whitespace name', { name: '   ', email: 'a@example.com', password: 'secret123' }, 'name'],
    ['name of wrong type', { name: 42, email: 'a@example.com', password: 'secret123' }, 'name'],
    ['e-mail of wrong type', { name: 'A', email: ['a@example.com'], password: 'secret123' }, 'email'],
    ['malformed e-mail', { name: 'A', email: 'not-an-email', password: 'secret123' }, 'email'],
    ['short password', { name: 'A', email: 'a@example.com', password: 'short' }, 'password'],
    [
      'name over 200 characters',
      { name: 'x'.repeat(201), email: 'a@example.com', password: 'secret123' },
      'name',
    ],
    ['a body that is an array', [1, 2], 'body'],
  ])('answers 400 naming the field for %s', async (_case, body, field) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toMatch(new RegExp(`^${field}`));
  });

  it('answers 400 for malformed JSON and 413 for a 1 MB name, and stores nothing', async () => {
    const bad = await t.http
      .post('/api/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"name": "A",');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const email = uniqueEmail();
    const huge = await register({ name: 'x'.repeat(1024 * 1024), email, password: 'secret123' });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ statusCode: 413 });
    const login = await t.http.post('/api/auth/login').send({ email, password: 'secret123' });
    expect(login.status).toBe(401);
  });

  it('keeps hostile text verbatim as data', async () => {
    const name = `<script>alert(1)</script>'; drop table users; --`;
    const res = await register({ name, email: uniqueEmail(), password: 'secret123' });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe(name);
  });
});

describe('register rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { registerPerAddress: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After once an address registers too often', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await t.http
        .post('/api/auth/register')
        .send({ name: 'A', email: uniqueEmail(), password: 'secret123' });
      expect(ok.status).toBe(201);
    }
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'A', email: uniqueEmail(), password: 'secret123' });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
