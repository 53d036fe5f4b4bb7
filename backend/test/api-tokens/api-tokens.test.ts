import { eq } from 'drizzle-orm';
import type { ApiToken } from '@papan/shared';
import { apiTokens } from '../../src/database/schema';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { createUser } from '../helpers/factories';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { createToken } from './token-fixtures';

/** Creating, listing, using and revoking personal API tokens (docs/api.md, "Personal API tokens"). */
describe('personal API tokens', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  const listOf = async (who = cast.owner) =>
    (await t.http.get('/api/tokens').set(who.auth)).body.tokens as ApiToken[];

  describe('POST /api/tokens', () => {
    it('answers the secret once (papan_ + 32 or more URL-safe characters) and stores only its SHA-256', async () => {
      const res = await t.http
        .post('/api/tokens')
        .set(cast.owner.auth)
        .send({ name: 'Wallboard', scopes: ['boards:read', 'events:read'] });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        name: 'Wallboard',
        token: expect.stringMatching(/^papan_[A-Za-z0-9_-]{32,}$/),
        scopes: ['boards:read', 'events:read'],
        boardIds: null,
        expiresAt: null,
        createdAt: expect.any(String),
      });
      const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, res.body._id));
      expect(JSON.stringify(row)).not.toContain(res.body.token);
      expect(JSON.stringify(row)).not.toContain(res.body.token.slice(6));
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('gives every token a different secret', async () => {
      const secrets = await Promise.all([1, 2, 3].map(() => createToken(t, cast.member)));
      expect(new Set(secrets.map((s) => s.token)).size).toBe(3);
    });

    const bad: [string, unknown, RegExp][] = [
      ['a missing name', { scopes: ['boards:read'] }, /^name: /],
      ['a name of the wrong type', { name: 42, scopes: ['boards:read'] }, /^name: /],
      ['a blank name', { name: '   ', scopes: ['boards:read'] }, /^name: must not be empty/],
      ['an oversized name', { name: 'x'.repeat(101), scopes: ['boards:read'] }, /^name: must be at most 100/],
      ['a name with NUL', { name: 'a\u0000b', scopes: ['boards:read'] }, /^name: must not contain NUL/],
      ['missing scopes', { name: 'n' }, /^scopes: /],
      ['no scope', { name: 'n', scopes: [] }, /^scopes: must name at least one scope/],
      ['an unknown scope', { name: 'n', scopes: ['admin'] }, /^scopes\.0: must be one of/],
      ['scopes as a string', { name: 'n', scopes: 'boards:read' }, /^scopes: /],
      ['a repeated scope', { name: 'n', scopes: ['boards:read', 'boards:read'] }, /^scopes: must not repeat/],
      [
        'a board id that is not an id',
        { name: 'n', scopes: ['boards:read'], boardIds: ['x'] },
        /^boardIds\.0: /,
      ],
      ['an empty board list', { name: 'n', scopes: ['boards:read'], boardIds: [] }, /^boardIds: must name/],
      [
        'too many boards',
        {
          name: 'n',
          scopes: ['boards:read'],
          boardIds: Array.from({ length: 101 }, () => crypto.randomUUID()),
        },
        /^boardIds: must have at most 100/,
      ],
      [
        'an expiry that is no date',
        { name: 'n', scopes: ['boards:read'], expiresAt: 'soon' },
        /^expiresAt: /,
      ],
      [
        'an expiry in the past',
        { name: 'n', scopes: ['boards:read'], expiresAt: '2020-01-01T00:00:00Z' },
        /^expiresAt: must be in the future/,
      ],
      ['an expiry of the wrong type', { name: 'n', scopes: ['boards:read'], expiresAt: 123 }, /^expiresAt: /],
      ['a body that is a list', [{ name: 'n', scopes: ['boards:read'] }], /^body: /],
      ['an operator object as the name', { name: { $gt: '' }, scopes: ['boards:read'] }, /^name: /],
      [
        'a __proto__ key',
        JSON.parse('{"__proto__":{"admin":true},"name":"n","scopes":["boards:read"]}'),
        /not valid JSON/,
      ],
    ];
    it.each(bad)('answers 400 naming the field for %s, and stores nothing', async (_, body, message) => {
      const user = await createUser(t);
      const res = await t.http
        .post('/api/tokens')
        .set(user.auth)
        .send(body as object);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await listOf(user)).toEqual([]);
    });

    it('answers 400 for a board the caller is not a member of, and stores nothing', async () => {
      const user = await createUser(t);
      const board = await castBoard(t, cast);
      const res = await t.http
        .post('/api/tokens')
        .set(user.auth)
        .send({ name: 'n', scopes: ['boards:read'], boardIds: [board._id] });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^boardIds: you are not a member of board /);
      expect(await listOf(user)).toEqual([]);
    });

    it('answers 413 for a body over the limit', async () => {
      const res = await t.http
        .post('/api/tokens')
        .set(cast.stranger.auth)
        .send({ name: 'n', scopes: ['boards:read'], pad: 'x'.repeat(2 * 1024 * 1024) });
      expect(res.status).toBe(413);
    });
  });

  describe('GET /api/tokens', () => {
    it("lists the caller's tokens with lastUsedAt and never the secret", async () => {
      const user = await createUser(t);
      const token = await createToken(t, user, { name: 'Mine' });
      const before = await listOf(user);
      expect(before).toEqual([
        {
          _id: token._id,
          name: 'Mine',
          scopes: ['boards:read'],
          boardIds: null,
          expiresAt: null,
          lastUsedAt: null,
          createdAt: token.createdAt,
        },
      ]);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
      const [after] = await listOf(user);
      expect(Date.parse(after.lastUsedAt!)).toBeGreaterThan(Date.now() - 10_000);
      expect(JSON.stringify(await listOf(user))).not.toContain(token.token);
      expect(await listOf(cast.stranger)).not.toContainEqual(expect.objectContaining({ _id: token._id }));
    });
  });

  describe('DELETE /api/tokens/{id}', () => {
    it('revokes: the token answers 401 from the next call on', async () => {
      const token = await createToken(t, cast.owner);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
      expect((await t.http.delete(`/api/tokens/${token._id}`).set(cast.owner.auth)).status).toBe(200);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(401);
      expect(await listOf()).not.toContainEqual(expect.objectContaining({ _id: token._id }));
    });

    it("answers 404 for someone else's token and leaves it working", async () => {
      const token = await createToken(t, cast.owner);
      expect((await t.http.delete(`/api/tokens/${token._id}`).set(cast.stranger.auth)).status).toBe(404);
      expect((await t.http.delete(`/api/tokens/not-an-id`).set(cast.stranger.auth)).status).toBe(400);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
    });
  });

  describe('signing in with a token', () => {
    it('refuses secrets that are not a live token with 401', async () => {
      for (const secret of ['papan_', 'papan_nope', `papan_${'a'.repeat(43)}`, `papan_${'a'.repeat(500)}`]) {
        const res = await t.http.get('/api/boards').set({ Authorization: `Bearer ${secret}` });
        expect(res.status).toBe(401);
      }
    });

    it('stops a token at its expiry', async () => {
      const token = await createToken(t, cast.owner, {
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      });
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
      await t.db
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, token._id));
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(401);
    });

    it("stops a token when its owner's account is deleted", async () => {
      const user = await createUser(t);
      const token = await createToken(t, user);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
      const del = await t.http.delete('/api/users/me').set(user.auth).send({ password: user.password });
      expect(del.status).toBe(200);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(401);
    });

    it('is refused by the browser socket namespace (programs use /stream)', async () => {
      const token = await createToken(t, cast.owner);
      await expect(connect(await listen(t), token.token)).rejects.toThrow('Unauthorized');
    });
  });
});
