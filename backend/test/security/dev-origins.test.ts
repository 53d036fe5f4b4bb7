import { createUser, type TestUser } from '../helpers/factories';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const PUBLIC = 'https://papan.example';
const DEV_ORIGINS = ['http://localhost:3000', 'http://localhost:5000'];

/**
 * `npm start` leaves NODE_ENV unset. A server reached by its public name (APP_ORIGIN) must not trust
 * the dev servers' localhost origins: not for CORS with credentials, not for socket.io, and not in
 * the `allowedOrigins` the app accepts the Google popup's message from (docs/operations.md).
 */
describe.each([['unset'], ['development']])('APP_ORIGIN public, NODE_ENV %s', (nodeEnv) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({}, { APP_ORIGIN: PUBLIC, NODE_ENV: nodeEnv === 'unset' ? undefined : nodeEnv });
    expect(t.config.nodeEnv).toBe('development');
    user = await createUser(t);
  });
  afterAll(() => t.close());

  it('trusts APP_ORIGIN only: no CORS, no socket, no popup message for the localhost dev origins', async () => {
    const providers = await t.http.get('/api/auth/providers');
    expect(providers.body.allowedOrigins).toEqual([PUBLIC]);
    const own = await t.http
      .options('/api/boards')
      .set('Origin', PUBLIC)
      .set('Access-Control-Request-Method', 'GET');
    expect(own.headers['access-control-allow-origin']).toBe(PUBLIC);
    const url = await listen(t);
    for (const origin of DEV_ORIGINS) {
      const preflight = await t.http
        .options('/api/boards')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization');
      expect([origin, preflight.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
      const read = await t.http.get('/api/auth/me').set(user.auth).set('Origin', origin);
      expect([origin, read.headers['access-control-allow-origin']]).toEqual([origin, undefined]);
      await expect(
        connect(url, user.token, { transports: ['polling'], extraHeaders: { Origin: origin } }),
      ).rejects.toThrow();
    }
  });
});
