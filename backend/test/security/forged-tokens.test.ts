import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sign } from 'jsonwebtoken';
import { loginSessions, users } from '../../src/database/schema';
import { createUser, type TestUser } from '../helpers/factories';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const SECRET = 'a-test-secret-that-is-long-enough-123456';
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

/** A compact JWT with any header, signed by hand with HMAC-SHA256 and `key`. */
function hs256(header: object, claims: object, key: string | Buffer): string {
  const head = `${b64(header)}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', key).update(head).digest('base64url')}`;
}

type Forgery = (user: TestUser, t: TestApp) => Promise<string> | string;

/** Every way a caller may try to pass a token Papan did not issue, or no longer honours. */
const FORGERIES: Record<string, Forgery> = {
  'alg:none without a signature': (u) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(u.token))}.`,
  'alg:none keeping the old signature': (u) =>
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claimsOf(u.token))}.${u.token.split('.')[2]}`,
  'ALG:NoNe in odd case': (u) => `${b64({ alg: 'NoNe', typ: 'JWT' })}.${b64(claimsOf(u.token))}.`,
  'signature stripped': (u) => u.token.split('.').slice(0, 2).join('.') + '.',
  'signature tampered': (u) => {
    const [h, p, s] = u.token.split('.');
    return `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
  },
  'payload raised to ADMIN, signature kept': (u) => {
    const [h, , s] = u.token.split('.');
    return `${h}.${b64({ ...claimsOf(u.token), role: 'ADMIN' })}.${s}`;
  },
  'HS256 signed with another key': (u) => sign(claimsOf(u.token), 'another-secret-another-secret-1234'),
  'HS512 signed with the right key (foreign algorithm)': (u) =>
    sign(claimsOf(u.token), SECRET, { algorithm: 'HS512' }),
  'foreign kid pointing at an attacker key': (u) =>
    hs256({ alg: 'HS256', typ: 'JWT', kid: 'attacker-key' }, claimsOf(u.token), 'attacker-key'),
  'kid path traversal to /dev/null (empty key)': (u) =>
    hs256({ alg: 'HS256', typ: 'JWT', kid: '../../../../../../dev/null' }, claimsOf(u.token), ''),
  'embedded jwk of an attacker key': (u) =>
    hs256(
      { alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: Buffer.from('attacker').toString('base64url') } },
      claimsOf(u.token),
      'attacker',
    ),
  expired: (u) => {
    const { exp: _exp, iat: _iat, ...claims } = claimsOf(u.token);
    return sign({ ...claims, iat: Math.floor(Date.now() / 1000) - 100 }, SECRET, { expiresIn: -10 });
  },
  'valid signature but no session id': (u) => {
    const { exp: _exp, iat: _iat, sid: _sid, ...claims } = claimsOf(u.token);
    return sign(claims, SECRET);
  },
  'valid signature, session of another user': async (u, t) => {
    const other = await createUser(t);
    const { exp: _exp, iat: _iat, ...claims } = claimsOf(u.token);
    return sign({ ...claims, sid: claimsOf(other.token).sid }, SECRET);
  },
  'revoked login session': async (u, t) => {
    const fresh = await createUser(t);
    await t.db.delete(loginSessions).where(eq(loginSessions.id, claimsOf(fresh.token).sid as string));
    return fresh.token;
  },
  'deleted user': async (_u, t) => {
    const fresh = await createUser(t);
    await t.db.delete(users).where(eq(users.id, fresh._id));
    return fresh.token;
  },
  'not a JWT at all': () => 'not.a.jwt',
  '5,000 characters of garbage': () => 'x'.repeat(5000),
};

describe('forged, expired and revoked tokens', () => {
  let t: TestApp;
  let url: string;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ jwtSecret: SECRET });
    url = await listen(t);
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.http.get('/api/auth/me').set('Authorization', `Bearer ${token}`);

  it('lets the genuine token through over HTTP and socket.io', async () => {
    expect((await me(user.token)).status).toBe(200);
    const socket = await connect(url, user.token);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it('answers 401 without a token, or with another scheme', async () => {
    const none = await t.http.get('/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect((await t.http.get('/api/auth/me').set('Authorization', 'Basic abc')).status).toBe(401);
    await expect(connect(url)).rejects.toThrow('Unauthorized');
  });

  it.each(Object.entries(FORGERIES))(
    '%s: 401 over HTTP and connect_error at the socket.io handshake',
    async (_name, forge) => {
      const token = await forge(user, t);
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      await expect(connect(url, token)).rejects.toThrow('Unauthorized');
    },
  );
});
