import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { emailTokens, users } from '../../src/database/schema';
import { createUser, uniqueEmail } from '../helpers/factories';
import { linkToken, startAppWithMail, type MailCatcher } from '../helpers/mail-catcher';
import { startTestApp, type TestApp } from '../helpers/test-app';

const APP_ORIGIN = 'http://papan.test';

describe('e-mail verification (docs/api.md, "Authentication")', () => {
  let mail: MailCatcher;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, mail, close } = await startAppWithMail({ appOrigin: APP_ORIGIN }));
  });
  afterAll(() => close());

  const me = (auth: Record<string, string>) => t.http.get('/api/auth/me').set(auth);
  const verify = (token: unknown) => t.http.post('/api/auth/verify-email').send({ token });

  it('sends a verification link through SMTP at registration; the account works before it is opened', async () => {
    const email = uniqueEmail('vera');
    const reg = await t.http
      .post('/api/auth/register')
      .send({ name: 'Vera', email, password: 'correct horse' });
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({ email, emailVerified: false });

    const message = await mail.waitFor(email);

    expect(message.from).toMatch(/^"?Papan"? <no-reply@papan\.test>$/);
    expect(message.subject).toBe('Verify your email address for Papan');
    expect(message.link).toMatch(new RegExp(`^${APP_ORIGIN}/verify-email\\?token=[\\w-]{43}$`));
    expect(message.text).toContain('Hi Vera,');
    expect(message.html).toContain(message.link);
    const login = await t.http.post('/api/auth/login').send({ email, password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(login.body.emailVerified).toBe(false);
  });

  it('verifies with the link once; the login answer, /me and a new token say so', async () => {
    const user = await createUser(t, { verified: false });
    const token = linkToken((await mail.waitFor(user.email)).link);

    const res = await verify(token);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Your email address is verified.',
      user: { emailVerified: true },
    });
    expect((await me(user.auth)).body.emailVerified).toBe(true);
    const again = await t.http.post('/api/auth/login').send({ email: user.email, password: user.password });
    const payload = JSON.parse(Buffer.from(again.body.token.split('.')[1], 'base64url').toString());
    expect(payload.emailVerified).toBe(true);
    // Single use.
    const second = await verify(token);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe('This link is invalid or has expired.');
  });

  it('keeps only a hash of the link', async () => {
    const user = await createUser(t, { verified: false });
    const token = linkToken((await mail.waitFor(user.email)).link);

    const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user._id));

    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a link older than 24 hours', async () => {
    const user = await createUser(t, { verified: false });
    const token = linkToken((await mail.waitFor(user.email)).link);
    const [row] = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user._id));
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    await t.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where user_id = ${user._id}`,
    );

    expect((await verify(token)).status).toBe(400);
    expect((await me(user.auth)).body.emailVerified).toBe(false);
  });

  it('answers 400 for missing, malformed and unknown tokens', async () => {
    for (const token of [undefined, '', 12, 'has spaces', 'x'.repeat(129), 'A'.repeat(43)]) {
      const res = await verify(token);
      expect({ token, status: res.status }).toEqual({ token, status: 400 });
    }
  });

  it('resends a new link (the old one stops working), not to a verified account, and not too often', async () => {
    const user = await createUser(t, { verified: false });
    const first = linkToken((await mail.waitFor(user.email)).link);

    const resend = await t.http.post('/api/auth/resend-verification').set(user.auth).send({ language: 'id' });

    expect(resend.status).toBe(202);
    const second = await mail.waitFor(user.email, 2);
    expect(second.subject).toBe('Verifikasi alamat email Anda untuk Papan');
    expect((await verify(first)).status).toBe(400);
    expect((await verify(linkToken(second.link))).status).toBe(200);
    const already = await t.http.post('/api/auth/resend-verification').set(user.auth);
    expect(already.status).toBe(409);
    expect((await t.http.post('/api/auth/resend-verification')).status).toBe(401);

    const other = await createUser(t, { verified: false });
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push((await t.http.post('/api/auth/resend-verification').set(other.auth)).status);
    }
    expect(answers).toEqual([202, 202, 202, 429, 429]);
  });

  it('never lets a link prove an address the account no longer has', async () => {
    const user = await createUser(t, { verified: false });
    const token = linkToken((await mail.waitFor(user.email)).link);
    await t.db
      .update(users)
      .set({ email: uniqueEmail('moved') })
      .where(eq(users.id, user._id));

    expect((await verify(token)).status).toBe(400);
  });
});

describe('e-mail without SMTP_URL: the outbox folder', () => {
  it('writes each message as an .eml file in DATA_DIR/outbox, whose link proves the address', async () => {
    const { mkdtempSync, readdirSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dataDir = mkdtempSync(join(tmpdir(), 'papan-outbox-'));
    const t = await startTestApp({ dataDir, appOrigin: APP_ORIGIN });
    try {
      // Addresses can be proven without SMTP too (the outbox): invitations wait for the proof.
      expect(t.config.mail).toMatchObject({ smtpUrl: null, requireVerifiedEmail: true });
      const user = await createUser(t, { email: uniqueEmail('outbox'), verified: false });
      const outbox = join(dataDir, 'outbox');
      let files: string[] = [];
      for (let i = 0; i < 50 && !files.length; i++) {
        await new Promise((r) => setTimeout(r, 100));
        files = (() => {
          try {
            return readdirSync(outbox);
          } catch {
            return [];
          }
        })();
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f-]{36}\.eml$/);
      const eml = await simpleParser(readFileSync(join(outbox, files[0])));
      expect(eml.from?.text).toMatch(/^"?Papan"? <no-reply@localhost>$/);
      expect(eml.to).toMatchObject({ text: user.email });
      expect(eml.subject).toBe('Verify your email address for Papan');
      const link = new RegExp(`${APP_ORIGIN}/verify-email\\?token=([\\w-]{43})`).exec(eml.text ?? '');
      expect(link).not.toBeNull();
      expect((await t.http.post('/api/auth/verify-email').send({ token: link![1] })).status).toBe(200);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A database on disk migrated from nothing: slow on a busy machine.
  }, 90_000);
});
