import { eq } from 'drizzle-orm';
import type { AdminHealth } from '@papan/shared';
import { instanceSettings } from '../../src/database/schema';
import { AdminHealthService } from '../../src/modules/admin/admin-health.service';
import { ADMIN_PASSWORD, createUserWithRole } from '../admin/admin-fixtures';
import { login, uniqueEmail, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { SETTINGS_OPEN } from './governance-fixtures';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? (pgUrl ? 'redis://127.0.0.1:6379' : undefined);
const secret = { jwtSecret: 'governance-secret-0123456789-0123456789' };

function expectHealthShape(body: AdminHealth, kind: 'pglite' | 'postgres'): void {
  expect(body).toEqual({
    version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    uptimeSeconds: expect.any(Number),
    database: { kind, sizeBytes: expect.any(Number) },
    eventLogRows: expect.any(Number),
    mail: { pending: expect.any(Number), failed: expect.any(Number) },
    webhooks: { active: expect.any(Number), failing: expect.any(Number) },
    instances: expect.any(Array),
  });
  expect(body.database.sizeBytes).toBeGreaterThan(0);
  for (const instance of body.instances) {
    expect(instance).toEqual({
      id: expect.any(String),
      startedAt: expect.any(String),
      sockets: expect.any(Number),
    });
  }
}

describe(AdminHealthService.name, () => {
  it('answers the documented shape on one instance, listing itself; ADMIN only', async () => {
    const email = uniqueEmail('root');
    const t = await startTestApp({ instanceId: 'solo' }, { ADMIN_EMAIL: email, ADMIN_PASSWORD });
    try {
      const admin = await login(t, email, ADMIN_PASSWORD);
      const res = await t.http.get('/api/admin/health').set(admin.auth);
      expect(res.status).toBe(200);
      expectHealthShape(res.body, t.kind);
      expect(res.body.instances).toEqual([{ id: 'solo', startedAt: expect.any(String), sockets: 0 }]);
      const member = await createUserWithRole(t, 'MEMBER');
      expect((await t.http.get('/api/admin/health').set(member.auth)).status).toBe(403);
      expect((await t.http.get('/api/admin/health')).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  (pgUrl ? describe : describe.skip)('two instances on PostgreSQL + Redis', () => {
    let a: TestApp;
    let b: TestApp;
    let drop: () => Promise<void>;
    let adminA: TestUser;
    let adminB: TestUser;

    beforeAll(async () => {
      const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
      drop = db.drop;
      const email = uniqueEmail('root');
      const env = { ADMIN_EMAIL: email, ADMIN_PASSWORD };
      a = await startTestApp(
        { databaseUrl: db.url, redisUrl: redisUrl!, instanceId: 'papan-a', ...secret },
        env,
      );
      b = await startTestApp(
        { databaseUrl: db.url, redisUrl: redisUrl!, instanceId: 'papan-b', ...secret },
        env,
      );
      adminA = await login(a, email, ADMIN_PASSWORD);
      adminB = await login(b, email, ADMIN_PASSWORD);
    }, 90_000);
    afterAll(async () => {
      await a.close();
      await b.close();
      await drop();
    });

    it('a settings change on one instance holds on the other at once', async () => {
      const put = (body: object) => a.http.put('/api/admin/settings').set(adminA.auth).send(body);
      expect(
        (
          await b.http
            .post('/api/auth/register')
            .send({ name: 'Early', email: uniqueEmail('early'), password: 'correct horse' })
        ).status,
      ).toBe(201);

      await put({
        ...SETTINGS_OPEN,
        registration: 'closed',
        announcement: { text: 'Closed for term', level: 'info' },
      }).expect(200);

      const refused = await b.http
        .post('/api/auth/register')
        .send({ name: 'Late', email: uniqueEmail('late'), password: 'correct horse' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('registration_closed');
      expect((await b.http.get('/api/settings/public')).body).toMatchObject({
        registration: 'closed',
        announcement: { text: 'Closed for term', level: 'info' },
      });
      expect((await b.http.get('/api/admin/settings').set(adminB.auth)).body.registration).toBe('closed');

      await put({ ...SETTINGS_OPEN, requireTwoFactorForAdmins: true }).expect(200);
      const stopped = await b.http.get('/api/admin/stats').set(adminB.auth);
      expect(stopped.status).toBe(403);
      expect(stopped.body.code).toBe('two_factor_setup_required');
    });

    it('GET /api/admin/health lists both instances', async () => {
      await a.http.put('/api/admin/settings').set(adminA.auth).send(SETTINGS_OPEN).expect(403);
      // The previous test left 2FA required, and this admin has none: lifted in the database.
      await a.db.update(instanceSettings).set(SETTINGS_OPEN).where(eq(instanceSettings.id, 1));
      const res = await a.http.get('/api/admin/health').set(adminA.auth);
      expect(res.status).toBe(200);
      expectHealthShape(res.body, 'postgres');
      expect(res.body.instances.map((i: { id: string }) => i.id)).toEqual(['papan-a', 'papan-b']);
      const fromB = await b.app.get(AdminHealthService).health();
      expect(fromB.instances.map((i) => i.id)).toEqual(['papan-a', 'papan-b']);
    });
  });
});
