import { uniqueEmail } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { browser, closedPort, FakeGoogle, signInWithGoogle } from './google-provider';

const APP_ORIGIN = 'http://papan.test';

describe('Google sign-in when Google is not there', () => {
  describe('without GOOGLE_CLIENT_ID', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ appOrigin: APP_ORIGIN });
    });
    afterAll(() => t.close());

    it('tells the frontend to hide the Google buttons', async () => {
      const res = await t.http.get('/api/auth/providers');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ google: false, allowedOrigins: t.config.allowedOrigins });
    });

    it.each(['/api/auth/google', '/api/auth/google/callback?code=abc&state=def'])(
      'answers 503 with a clear message at %s',
      async (path) => {
        const res = await t.http.get(path);
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.stringMatching(/^Google sign-in is not configured on this server/),
        });
      },
    );
  });

  describe('with a provider that is down', () => {
    let google: FakeGoogle;
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      google = await FakeGoogle.start();
      port = await closedPort();
    });
    afterAll(() => google.stop());
    afterEach(() => t.close());

    it('ends on /login with an error when the token URL is unreachable', async () => {
      t = await startTestApp({
        appOrigin: APP_ORIGIN,
        google: google.config({ tokenUrl: `http://127.0.0.1:${port}/token` }),
      });
      google.person = { sub: 'down-1', email: uniqueEmail('down'), email_verified: true };

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });

    it('ends on /login with an error when the profile cannot be read', async () => {
      t = await startTestApp({
        appOrigin: APP_ORIGIN,
        google: google.config({ userInfoUrl: `http://127.0.0.1:${port}/userinfo` }),
      });

      const res = await signInWithGoogle(browser(t));

      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${APP_ORIGIN}/login?error=google_failed`);
    });
  });
});
