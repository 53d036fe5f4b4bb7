import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import type { Response } from 'supertest';
import { loadConfig } from '../../src/common/config/load-config';
import { rateLimits } from '../../src/database/schema';
import { createUser, uniqueEmail, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The limits a real server runs with (the test app raises them for the other suites). */
const PRODUCTION_LIMITS = loadConfig({}).rateLimit;
const ATTEMPTS = 20;

describe('password guessing is throttled (production limits)', () => {
  let t: TestApp;
  let address = 0;
  /** A fresh client address for each case (TRUST_PROXY, as behind the proxy). */
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: PRODUCTION_LIMITS, trustProxy: true });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string, from: string) =>
    t.http.post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

  async function guess(emails: () => string, from: string): Promise<Response[]> {
    const answers: Response[] = [];
    for (let i = 0; i < ATTEMPTS; i++) answers.push(await attempt(emails(), 'wrong-password', from));
    return answers;
  }

  it(`answers 429 within ${ATTEMPTS} wrong passwords for one account, even to the right password then`, async () => {
    const user = await createUser(t);
    const from = nextAddress();
    const answers = await guess(() => user.email, from);
    const statuses = answers.map((r) => r.status);
    expect(statuses.slice(0, PRODUCTION_LIMITS.loginPerAccount)).toEqual(
      Array(PRODUCTION_LIMITS.loginPerAccount).fill(401),
    );
    expect(statuses.at(-1)).toBe(429);
    expect(Number(answers.at(-1)!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address does not unlock the account, and the right password is refused too.
    expect((await attempt(user.email, user.password, nextAddress())).status).toBe(429);
  });

  it(`answers 429 within ${ATTEMPTS + 1} wrong passwords from one address over many accounts`, async () => {
    const from = nextAddress();
    const answers = await guess(() => uniqueEmail(), from);
    expect(answers.every((r) => r.status === 401)).toBe(true);
    const next = await attempt(uniqueEmail(), 'wrong-password', from);
    expect(next.status).toBe(429);
    // Other addresses still get in.
    const user = await createUser(t);
    expect((await attempt(user.email, user.password, nextAddress())).status).toBe(200);
  });

  it('counts an account once, whatever the case and spaces of its e-mail', async () => {
    const user = await createUser(t);
    const spellings = [user.email, user.email.toUpperCase(), ` ${user.email} `];
    let i = 0;
    const answers = await guess(() => spellings[i++ % spellings.length], nextAddress());
    expect(answers.at(-1)!.status).toBe(429);
  });

  it('gives the same locked answer for a known and an unknown e-mail', async () => {
    const known: TestUser = await createUser(t);
    const unknown = uniqueEmail();
    const lockedKnown = (await guess(() => known.email, nextAddress())).at(-1)!;
    const lockedUnknown = (await guess(() => unknown, nextAddress())).at(-1)!;
    expect([lockedKnown.status, lockedUnknown.status]).toEqual([429, 429]);
    expect(lockedUnknown.body).toEqual(lockedKnown.body);
    // Before the lock, both get the same 401: test/integration/auth-login.test.ts, with its timing.
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimit: PRODUCTION_LIMITS, trustProxy: false });
  });
  afterAll(() => t.close());

  it('ignores a forged X-Forwarded-For, so rotating it does not escape the address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PRODUCTION_LIMITS.loginPerAddress; i++) {
      const res = await t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ email: uniqueEmail(), password: 'wrong-password' });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

/** Counted in the database: a restart or a second instance does not hand out a new budget. */
describe('the count is shared, not per process', () => {
  const login = (x: TestApp, email: string, password: string) =>
    x.http.post('/api/auth/login').send({ email, password });
  const secret = { jwtSecret: 'shared-secret-of-both-instances-0123456789' };

  it('keeps counting after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'papan-limits-'));
    try {
      const before = await startTestApp({ dataDir, rateLimit: PRODUCTION_LIMITS, ...secret });
      const user = await createUser(before);
      for (let i = 0; i < PRODUCTION_LIMITS.loginPerAccount; i++) {
        expect((await login(before, user.email, 'wrong-password')).status).toBe(401);
      }
      await before.close();
      const after = await startTestApp({ dataDir, rateLimit: PRODUCTION_LIMITS, ...secret });
      try {
        const locked = await login(after, user.email, user.password);
        expect(locked.status).toBe(429);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('opens again when the window ends, and a success clears the failures', async () => {
    const t = await startTestApp({
      rateLimit: { ...PRODUCTION_LIMITS, loginPerAccount: 2, windowSeconds: 2 },
    });
    try {
      const user = await createUser(t);
      await login(t, user.email, 'wrong-password');
      await login(t, user.email, 'wrong-password');
      const locked = await login(t, user.email, user.password);
      expect(locked.status).toBe(429);
      expect(['1', '2']).toContain(locked.headers['retry-after']);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await login(t, user.email, 'wrong-password')).status).toBe(401); // a new window: 1 of 2
      expect((await login(t, user.email, user.password)).status).toBe(200);
      expect((await login(t, user.email, 'wrong-password')).status).toBe(401); // cleared: 1 of 2 again
      expect((await login(t, user.email, user.password)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  const pgUrl = process.env.TEST_DATABASE_URL;
  (pgUrl ? it : it.skip)('counts attempts made through two instances as one', async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    const overrides = { databaseUrl: db.url, rateLimit: PRODUCTION_LIMITS, ...secret };
    const a = await startTestApp(overrides);
    const b = await startTestApp(overrides);
    try {
      const user = await createUser(a);
      // Half the failures on each instance, some of them at the same instant.
      const half = PRODUCTION_LIMITS.loginPerAccount / 2;
      const answers = await Promise.all(
        Array.from({ length: half }, () => [
          login(a, user.email, 'wrong-password'),
          login(b, user.email, 'wrong-password'),
        ]).flat(),
      );
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 401));
      expect((await login(a, user.email, user.password)).status).toBe(429);
      expect((await login(b, user.email, user.password)).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

/** Counted before the password is checked: guesses sent at once cannot outrun the count. */
describe('the account limit holds under parallel guesses', () => {
  const LIMIT = 10;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { loginPerAccount: LIMIT, windowSeconds: 60 } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });

  it(`lets at most ${LIMIT} of 60 parallel wrong passwords reach the password check`, async () => {
    const user = await createUser(t);
    const answers = await Promise.all(Array.from({ length: 60 }, () => login(user.email, 'wrong-password')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // The right password within the window is refused as well.
    expect((await login(user.email, user.password)).status).toBe(429);
  });

  it('clears the count on a success', async () => {
    const user = await createUser(t);
    for (let i = 0; i < LIMIT - 1; i++) expect((await login(user.email, 'wrong-password')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    const again = await Promise.all(Array.from({ length: LIMIT }, () => login(user.email, 'wrong-password')));
    expect(again.map((r) => r.status)).toEqual(again.map(() => 401));
    expect((await login(user.email, user.password)).status).toBe(429);
  });
});

describe('RATE_LIMIT_* = 0 turns a limit off', () => {
  it('answers 30 wrong passwords for one account with 401, never 429, and counts nothing', async () => {
    const t = await startTestApp({ rateLimit: { loginPerAccount: 0, windowSeconds: 60 } });
    try {
      const user = await createUser(t);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await t.http.post('/api/auth/login').send({ email: user.email, password: 'nope' })).status,
        );
      }
      expect(statuses).toEqual(statuses.map(() => 401));
      const counted = await t.db.select().from(rateLimits).where(like(rateLimits.key, 'login-account:%'));
      expect(counted).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
