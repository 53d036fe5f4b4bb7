import { eq, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditEntryView } from '@papan/shared';
import { auditLog } from '../../src/database/schema';
import { chainHash } from '../../src/modules/audit/audit-chain';
import { AuditLogService } from '../../src/modules/audit/audit-log.service';
import { AuditPurger } from '../../src/modules/audit/audit.purger';
import { AuditService } from '../../src/modules/audit/audit.service';
import { createUserWithRole, startAdminApp } from '../admin/admin-fixtures';
import { createUser, type TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

describe(AuditLogService.name, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let audit: AuditService;

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
    member = await createUserWithRole(t, 'MEMBER');
    audit = t.app.get(AuditService);
  });
  afterAll(() => t.close());

  const record = (
    i: number,
    action: (typeof AUDIT_ACTIONS)[number] = 'auth.signin.failed',
    actorId?: string,
  ) =>
    audit.record(t.db, {
      actor: actorId ? { _id: actorId, email: 'someone@example.com' } : null,
      ip: '10.0.0.1',
      userAgent: 'seed',
      action,
      details: { i },
    });

  describe('GET /api/admin/audit', () => {
    it('answers newest first, 100 a page, and pages on with the before cursor', async () => {
      for (let i = 0; i < 130; i++) await record(i, 'user.blocked');
      const first = await t.http.get('/api/admin/audit?action=user.blocked').set(admin.auth);
      expect(first.status).toBe(200);
      expect(first.body.entries).toHaveLength(100);
      expect(first.body.entries[0].details).toEqual({ i: 129 });
      const seqs = first.body.entries.map((e: AuditEntryView) => e.seq);
      expect([...seqs].sort((a, b) => b - a)).toEqual(seqs);
      expect(first.body.nextBefore).toBe(seqs[99]);

      const second = await t.http
        .get(`/api/admin/audit?action=user.blocked&before=${first.body.nextBefore}`)
        .set(admin.auth);
      expect(second.body.entries).toHaveLength(30);
      expect(second.body.entries[29].details).toEqual({ i: 0 });
      expect(second.body.nextBefore).toBeNull();
    });

    it('answers the documented shape', async () => {
      await record(1, 'auth.signout', member._id);
      const res = await t.http.get('/api/admin/audit?action=auth.signout').set(admin.auth);
      expect(res.body.entries[0]).toEqual({
        _id: expect.any(String),
        seq: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        actor: { _id: member._id, email: 'someone@example.com' },
        ip: '10.0.0.1',
        userAgent: 'seed',
        action: 'auth.signout',
        target: null,
        details: { i: 1 },
        prevHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it('filters by actor and by date range', async () => {
      const someone = await createUser(t);
      await record(7, 'token.created', someone._id);
      const mine = await t.http.get(`/api/admin/audit?actorId=${someone._id}`).set(admin.auth);
      expect(mine.body.entries.length).toBeGreaterThanOrEqual(1);
      expect(mine.body.entries.every((e: AuditEntryView) => e.actor?._id === someone._id)).toBe(true);

      const future = new Date(Date.now() + 86_400_000).toISOString();
      const none = await t.http.get(`/api/admin/audit?from=${encodeURIComponent(future)}`).set(admin.auth);
      expect(none.body.entries).toEqual([]);
      const past = new Date(Date.now() - 86_400_000).toISOString();
      const old = await t.http.get(`/api/admin/audit?to=${encodeURIComponent(past)}`).set(admin.auth);
      expect(old.body.entries).toEqual([]);
      const today = await t.http
        .get(
          `/api/admin/audit?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&action=token.created`,
        )
        .set(admin.auth);
      expect(today.body.entries.length).toBeGreaterThanOrEqual(1);
    });

    it.each([
      ['action=nope'],
      ['actorId=not-an-id'],
      ['from=yesterday'],
      ['to=2026-13-45'],
      ['before=0'],
      ['before=abc'],
      ['before=99999999999999999999'],
    ])('answers 400 for %s', async (query) => {
      const res = await t.http.get(`/api/admin/audit?${query}`).set(admin.auth);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(query.split('=')[0]));
    });
  });

  describe('GET /api/admin/audit/verify', () => {
    it('finds the chain whole, then names the first row changed with SQL', async () => {
      for (let i = 0; i < 5; i++) await record(i);
      const ok = await t.http.get('/api/admin/audit/verify').set(admin.auth);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ ok: true, checked: expect.any(Number) });
      const [victim] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.signin.failed'))
        .orderBy(auditLog.seq)
        .limit(1);
      await t.db.execute(sql`update audit_log set details = '{"i": 999}'::jsonb where id = ${victim.id}`);
      const bad = await t.http.get('/api/admin/audit/verify').set(admin.auth);
      expect(bad.body).toEqual({ ok: false, checked: expect.any(Number), firstBadId: victim.id });

      // Putting it back makes it whole again: the hash covers the content, not the row's history.
      await t.db.update(auditLog).set({ details: victim.details }).where(eq(auditLog.id, victim.id));
      expect((await t.http.get('/api/admin/audit/verify').set(admin.auth)).body.ok).toBe(true);
    });

    it('notices a deleted row in the middle and a rewritten hash', async () => {
      for (let i = 0; i < 3; i++) await record(100 + i, 'auth.session.revoked');
      const rows = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'auth.session.revoked'))
        .orderBy(auditLog.seq);
      const [a, b, c] = rows.slice(-3);
      await t.db
        .update(auditLog)
        .set({ hash: 'f'.repeat(64) })
        .where(eq(auditLog.id, b.id));
      expect((await t.http.get('/api/admin/audit/verify').set(admin.auth)).body.firstBadId).toBe(b.id);
      await t.db.update(auditLog).set({ hash: b.hash }).where(eq(auditLog.id, b.id));
      await t.db.delete(auditLog).where(eq(auditLog.id, b.id));
      expect((await t.http.get('/api/admin/audit/verify').set(admin.auth)).body.firstBadId).toBe(c.id);
      // Restored as it was, the chain is whole again.
      await t.db.insert(auditLog).values(b);
      expect((await t.http.get('/api/admin/audit/verify').set(admin.auth)).body).toMatchObject({ ok: true });
      expect(a.hash).toBe(b.prevHash);
    });
  });

  describe('retention', () => {
    it('deletes the rows older than AUDIT_RETENTION_DAYS, and the rest still verifies', async () => {
      const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
      const oldest = await t.db.select().from(auditLog).orderBy(auditLog.seq).limit(10);
      // The ten oldest rows are made 400 days old; a row's time is part of what its hash covers, so
      // the chain is rewritten from them on, as if they had been written then.
      let prevHash = oldest[0].prevHash;
      const aged = new Date(Date.now() - 400 * 86_400_000);
      const all = await t.db.select().from(auditLog).orderBy(auditLog.seq);
      for (const row of all) {
        const at = oldest.some((o) => o.id === row.id) ? aged : row.at;
        const hash = chainHash({ ...row, at, prevHash });
        await t.db.update(auditLog).set({ at, prevHash, hash }).where(eq(auditLog.id, row.id));
        prevHash = hash;
      }
      expect((await t.http.get('/api/admin/audit/verify').set(admin.auth)).body.ok).toBe(true);

      const gone = await t.app.get(AuditPurger).purge();

      expect(gone).toBe(10);
      const after = (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0].n;
      expect(after).toBe(before - 10);
      const verified = await t.http.get('/api/admin/audit/verify').set(admin.auth);
      expect(verified.body).toEqual({ ok: true, checked: after });
    });
  });

  describe('GET /api/admin/audit/export', () => {
    it('streams every matching row as NDJSON, oldest first', async () => {
      for (let i = 0; i < 3; i++) await record(i, 'webhook.revoked');
      const res = await t.http
        .get('/api/admin/audit/export?action=webhook.revoked')
        .set(admin.auth)
        .buffer(true)
        .parse((r, done) => {
          let text = '';
          r.on('data', (c: Buffer) => (text += c.toString()));
          r.on('end', () => done(null, text));
        });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="papan-audit\.ndjson"/);
      const lines = (res.body as string)
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as AuditEntryView);
      expect(lines.map((l) => l.details)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
      expect(lines.every((l) => l.action === 'webhook.revoked')).toBe(true);
    });
  });

  describe('who may read it', () => {
    it.each(['/api/admin/audit', '/api/admin/audit/verify', '/api/admin/audit/export'])(
      '%s: 401 signed out, 403 for a member and an OWNER',
      async (path) => {
        const owner = await createUserWithRole(t, 'OWNER');
        expect((await t.http.get(path)).status).toBe(401);
        expect((await t.http.get(path).set(member.auth)).status).toBe(403);
        expect((await t.http.get(path).set(owner.auth)).status).toBe(403);
      },
    );
  });
});
