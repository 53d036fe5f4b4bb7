import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the HTTP surface', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'papan-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp({ frontendDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('runs on the database this test run asked for', () => {
    expect(t.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers GET /api/health with status ok', async () => {
    const res = await t.http.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('answers unknown /api paths with 404 JSON, never the app', async () => {
    const res = await t.http.get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('serves the single-page app for client routes, with security headers', async () => {
    for (const path of ['/', '/board/123', '/settings/security']) {
      const res = await t.http.get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    const res = await t.http.get('/login');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('serves built assets with a long cache', async () => {
    const res = await t.http.get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
  });

  it('answers 404 JSON for unknown methods on API paths', async () => {
    const res = await t.http.delete('/api/health');
    expect(res.status).toBe(404);
    expect(res.body.statusCode).toBe(404);
  });
});
