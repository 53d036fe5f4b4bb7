import { and, eq, sql } from 'drizzle-orm';
import { emailTokens } from '../../src/database/schema';
import { createUser, login, uniqueEmail } from '../helpers/factories';
import { linkToken, startAppWithMail, type MailCatcher } from '../helpers/mail-catcher';
import type { TestApp } from '../helpers/test-app';

const APP_ORIGIN = 'http://papan.test';
const SAME_ANSWER = {
  message: 'If an account exists for that address, we have sent a link to reset its password.',
};

describe('forgot password (docs/api.md, "Authentication")', () => {
  let mail: MailCatcher;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail({ appOrigin: APP_ORIGIN }));
  });
  afterAll(() => close());

  const forgot = (body: object) => t.http.post('/api/auth/forgot-password').send(body);
  const reset = (token: unknown, password: unknown) =>
    t.http.post('/api/auth/reset-password').send({ token, password });
  /** The reset link mailed to the user (their first message is the verification link). */
  const resetLink = async (email: string, n = 2) => {
    const message = await mail.waitFor(email, n);
    expect(message.link).toMatch(new RegExp(`^${APP_ORIGIN}/reset-password\\?token=[\\w-]{43}$`));
    return linkToken(message.link);
  };

  it('answers 202 with the same body whether or not the address has an account', async () => {
    const user = await createUser(t);
    const known = await forgot({ email: user.email });
    const unknown = await forgot({ email: uniqueEmail('nobody') });

    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(SAME_ANSWER);
    expect(unknown.body).toEqual(SAME_ANSWER);
    await resetLink(user.email);
    // Nothing went to the address without an account.
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.messages.filter((m) => m.to.includes('nobody'))).toHaveLength(0);
  });

  it('sets the new password with the link once and ends every login session', async () => {
    const user = await createUser(t, { password: 'old-password' });
    const otherDevice = await login(t, user.email, 'old-password');
    expect((await forgot({ email: user.email.toUpperCase(), language: 'id' })).status).toBe(202);
    const message = await mail.waitFor(user.email, 2);
    expect(message.subject).toBe('Atur ulang kata sandi Papan Anda');
    const token = linkToken(message.link);

    const res = await reset(token, 'brand-new-password');

    expect(res.status).toBe(200);
    for (const session of [user, otherDevice]) {
      expect((await t.http.get('/api/auth/me').set(session.auth)).status).toBe(401);
    }
    const oldLogin = await t.http
      .post('/api/auth/login')
      .send({ email: user.email, password: 'old-password' });
    expect(oldLogin.status).toBe(401);
    const fresh = await login(t, user.email, 'brand-new-password');
    // The link reached the address: that proves it.
    expect(fresh.emailVerified).toBe(true);
    expect((await reset(token, 'another-password')).status).toBe(400);
  });

  it('refuses a link older than an hour, and keeps only its hash', async () => {
    const user = await createUser(t, { password: 'stays-the-same' });
    await forgot({ email: user.email });
    const token = await resetLink(user.email);
    const [row] = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user._id), eq(emailTokens.purpose, 'reset')));
    expect(row.tokenHash).not.toBe(token);
    expect((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user._id}`,
    );

    expect((await reset(token, 'too-late-password')).status).toBe(400);
    expect((await login(t, user.email, 'stays-the-same'))._id).toBe(user._id);
  });

  it('refuses a verification link as a reset link, and bad input with 400', async () => {
    const user = await createUser(t);
    const verifyToken = linkToken((await mail.waitFor(user.email)).link);
    expect((await reset(verifyToken, 'sneaky-password')).status).toBe(400);
    for (const [token, password] of [
      [undefined, 'long-enough'],
      ['A'.repeat(43), 'short'],
      ['A'.repeat(43), 'x'.repeat(300)],
      ['not a token', 'long-enough'],
    ]) {
      expect((await reset(token, password)).status).toBe(400);
    }
    for (const body of [{}, { email: 'not-an-address' }, { email: 'a@b.co', language: 'fr' }]) {
      expect((await forgot(body)).status).toBe(400);
    }
  });

  it('sends at most three links to one address per quarter hour, answering the same', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await forgot({ email: user.email })).body).toEqual(SAME_ANSWER);
    await mail.waitFor(user.email, 4);
    await new Promise((r) => setTimeout(r, 300));
    // One verification link and three reset links.
    expect(mail.to(user.email)).toHaveLength(4);
  });
});
