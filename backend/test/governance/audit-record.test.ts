import { asc } from 'drizzle-orm';
import { auditLog } from '../../src/database/schema';
import { chainHash, GENESIS_HASH } from '../../src/modules/audit/audit-chain';
import { AuditService } from '../../src/modules/audit/audit.service';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe(AuditService.name, () => {
  let t: TestApp;
  let sut: AuditService;

  beforeAll(async () => {
    t = await startTestApp();
    sut = t.app.get(AuditService);
  });
  afterAll(() => t.close());

  async function rows() {
    return t.db.select().from(auditLog).orderBy(asc(auditLog.seq));
  }

  describe('record', () => {
    it('writes a row whose hash covers the previous hash and its own content', async () => {
      await sut.record(t.db, {
        actor: { _id: '00000000-0000-4000-8000-000000000001', email: 'a@example.com' },
        ip: '127.0.0.1',
        userAgent: 'jest',
        action: 'auth.signin',
        target: { type: 'user', _id: '00000000-0000-4000-8000-000000000001' },
        details: { method: 'password', z: 1, a: { y: true, b: [1, 'x'] } },
      });
      const all = await rows();
      const last = all[all.length - 1];
      expect(last).toMatchObject({ action: 'auth.signin', actorEmail: 'a@example.com', ip: '127.0.0.1' });
      expect(last.hash).toBe(chainHash(last));
      expect(last.prevHash).toBe(all.length > 1 ? all[all.length - 2].hash : GENESIS_HASH);
    });

    it('keeps one chain when 20 transactions record at once', async () => {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.db.transaction((tx) =>
            sut.record(tx, {
              actor: null,
              ip: null,
              userAgent: null,
              action: 'auth.signin.failed',
              details: { i },
            }),
          ),
        ),
      );
      const all = await rows();
      expect(all.length).toBeGreaterThanOrEqual(21);
      all.forEach((row, i) => {
        expect(row.hash).toBe(chainHash(row));
        if (i > 0) expect(row.prevHash).toBe(all[i - 1].hash);
      });
    });

    it('writes nothing when the transaction it belongs to rolls back', async () => {
      const before = (await rows()).length;
      await expect(
        t.db.transaction(async (tx) => {
          await sut.record(tx, { actor: null, ip: null, userAgent: null, action: 'auth.signout' });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect((await rows()).length).toBe(before);
    });
  });
});
