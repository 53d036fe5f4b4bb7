import type { Activity, BoardSummary } from '@papan/shared';
import { startAdminApp } from '../admin/admin-fixtures';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';
import { createToken } from './token-fixtures';

/**
 * What a token may reach — its scopes, its boards, never the account (docs/api.md,
 * "What a token may call").
 */
describe('what a personal API token may call', () => {
  let t: TestApp;
  let admin: TestUser;
  let cast: Cast;
  let board: string;
  let other: string;
  let listId: string;

  beforeAll(async () => {
    ({ t, admin } = await startAdminApp());
    cast = await castOf(t);
    board = (await castBoard(t, cast, 'Mine'))._id;
    other = (await castBoard(t, cast, 'Other'))._id;
    listId = (await t.http.post(`/api/boards/${board}/lists`).set(cast.owner.auth).send({ title: 'L' })).body
      ._id;
    await t.http.post(`/api/boards/${other}/lists`).set(cast.owner.auth).send({ title: 'Elsewhere' });
  });
  afterAll(() => t.close());

  describe('scopes', () => {
    it('boards:read reads boards, lists, cards, activities and events, and changes nothing (403)', async () => {
      const { auth } = await createToken(t, cast.member, { scopes: ['boards:read'] });
      for (const path of [
        `/api/boards/${board}`,
        `/api/boards/${board}/lists`,
        `/api/lists/${listId}/cards`,
        `/api/boards/${board}/activities`,
        `/api/boards/${board}/events?after=0`,
        `/api/boards/${board}/labels`,
      ])
        expect([path, (await t.http.get(path).set(auth)).status]).toEqual([path, 200]);
      const create = await t.http.post(`/api/boards/${board}/lists`).set(auth).send({ title: 'No' });
      expect(create.status).toBe(403);
      expect(create.body.message).toBe('This API token lacks the boards:write scope.');
      expect((await t.http.put(`/api/lists/${listId}`).set(auth).send({ title: 'No' })).status).toBe(403);
    });

    it('boards:write changes boards and reads them too', async () => {
      const { auth } = await createToken(t, cast.member, { scopes: ['boards:write'] });
      const made = await t.http.post(`/api/lists/${listId}/cards`).set(auth).send({ title: 'By a program' });
      expect(made.status).toBe(201);
      expect((await t.http.get(`/api/boards/${board}`).set(auth)).status).toBe(200);
      expect((await t.http.get(`/api/boards/${board}/activities`).set(auth)).body[0].userId._id).toBe(
        cast.member._id,
      );
    });

    it('events:read reads the event log and nothing else', async () => {
      const { auth } = await createToken(t, cast.member, { scopes: ['events:read'] });
      expect((await t.http.get(`/api/boards/${board}/events?after=0`).set(auth)).status).toBe(200);
      const read = await t.http.get(`/api/boards/${board}`).set(auth);
      expect(read.status).toBe(403);
      expect(read.body.message).toBe('This API token lacks the boards:read scope.');
      expect((await t.http.get('/api/boards').set(auth)).status).toBe(403);
    });
  });

  describe('boardIds', () => {
    it('reaches only its boards: 403 on any other board by any id', async () => {
      const { auth } = await createToken(t, cast.member, { scopes: ['boards:write'], boardIds: [board] });
      expect((await t.http.get(`/api/boards/${board}`).set(auth)).status).toBe(200);
      const lists = (await t.http.get(`/api/boards/${other}/lists`).set(cast.owner.auth)).body as {
        _id: string;
      }[];
      for (const path of [
        `/api/boards/${other}`,
        `/api/boards/${other}/events?after=0`,
        `/api/lists/${lists[0]._id}/cards`,
      ]) {
        const res = await t.http.get(path).set(auth);
        expect([path, res.status, res.body.message]).toEqual([
          path,
          403,
          'This API token is not valid for this board.',
        ]);
      }
      expect((await t.http.post(`/api/boards/${other}/lists`).set(auth).send({ title: 'x' })).status).toBe(
        403,
      );
      expect((await t.http.post('/api/boards').set(auth).send({ title: 'New' })).status).toBe(403);
    });

    it('lists only its boards in GET /api/boards, and only their activities in the feed', async () => {
      const { auth } = await createToken(t, cast.member, { boardIds: [board] });
      const boards = (await t.http.get('/api/boards').set(auth)).body as BoardSummary[];
      expect(boards.map((b) => b._id)).toEqual([board]);
      const feed = (await t.http.get('/api/activities').set(auth)).body as Activity[];
      expect(feed.length).toBeGreaterThan(0);
      expect(new Set(feed.map((a) => a.boardId))).toEqual(new Set([board]));
      // The member's own session sees both.
      const all = (await t.http.get('/api/activities').set(cast.member.auth)).body as Activity[];
      expect(new Set(all.map((a) => a.boardId))).toEqual(new Set([board, other]));
    });

    it('searches with boards:read (GET /api/search), finding cards of its boards only', async () => {
      await t.http.post(`/api/lists/${listId}/cards`).set(cast.owner.auth).send({ title: 'Needle here' });
      const away = (await t.http.get(`/api/boards/${other}/lists`).set(cast.owner.auth)).body[0]._id;
      await t.http.post(`/api/lists/${away}/cards`).set(cast.owner.auth).send({ title: 'Needle away' });
      const boardsOf = async (auth: { Authorization: string }) => {
        const res = await t.http.get('/api/search?q=needle').set(auth);
        expect(res.status).toBe(200);
        return (res.body.results as { board: { _id: string } }[]).map((r) => r.board._id).sort();
      };
      expect(await boardsOf((await createToken(t, cast.member, { scopes: ['boards:read'] })).auth)).toEqual(
        [board, other].sort(),
      );
      const limited = await createToken(t, cast.member, { scopes: ['boards:read'], boardIds: [board] });
      expect(await boardsOf(limited.auth)).toEqual([board]);
      const events = (await createToken(t, cast.member, { scopes: ['events:read'] })).auth;
      const refused = await t.http.get('/api/search?q=needle').set(events);
      expect([refused.status, refused.body.message]).toEqual([
        403,
        'This API token lacks the boards:read scope.',
      ]);
    });

    it('stops at once when its owner loses membership of the board', async () => {
      const mine = await castBoard(t, cast, 'Leaving');
      const { auth } = await createToken(t, cast.member, { boardIds: [mine._id] });
      expect((await t.http.get(`/api/boards/${mine._id}`).set(auth)).status).toBe(200);
      const removed = await t.http
        .delete(`/api/boards/${mine._id}/members/${cast.member._id}`)
        .set(cast.owner.auth);
      expect(removed.status).toBe(200);
      expect((await t.http.get(`/api/boards/${mine._id}`).set(auth)).status).toBe(403);
      expect((await t.http.get(`/api/boards/${mine._id}/events?after=0`).set(auth)).status).toBe(403);
    });
  });

  describe('calls a token never makes (403), whatever its scopes', () => {
    const refused: [string, string, object?][] = [
      ['GET', '/api/users/me'],
      ['PUT', '/api/users/profile', { name: 'Taken over' }],
      [
        'PUT',
        '/api/users/change-password',
        { currentPassword: 'correct horse', newPassword: 'new password 1' },
      ],
      ['POST', '/api/users/block', { userIdToBlock: '00000000-0000-4000-8000-000000000000' }],
      ['GET', '/api/users/blocked'],
      ['DELETE', '/api/users/me'],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/resend-verification'],
      ['GET', '/api/sessions'],
      ['DELETE', '/api/sessions/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens', { name: 'Child', scopes: ['boards:write'] }],
      ['DELETE', '/api/tokens/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/notifications'],
      ['GET', '/api/admin/tokens'],
      ['DELETE', '/api/admin/tokens/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/boards'],
      ['GET', '/api/users'],
    ];
    // Every row has a body (null when none): a shorter row would hand jest's `done` in its place.
    it.each(refused.map(([m, p, b]) => [m, p, b ?? null] as const))('%s %s', async (method, path, body) => {
      // An administrator's own token with every scope: still refused.
      const { auth } = await createToken(t, admin, {
        scopes: ['boards:read', 'boards:write', 'events:read'],
      });
      const call = t.http[method.toLowerCase() as 'get'](path).set(auth);
      const res = await (body ? call.send(body) : call);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('API tokens cannot be used for this call.');
      expect((await t.http.get('/api/users/me').set(admin.auth)).status).toBe(200);
    });
  });

  describe('the admin console', () => {
    it('lists every token with its owner and no secret; only ADMIN', async () => {
      const token = await createToken(t, cast.stranger, { name: 'Stranger bot' });
      const res = await t.http.get('/api/admin/tokens').set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.tokens).toContainEqual({
        _id: token._id,
        name: 'Stranger bot',
        scopes: ['boards:read'],
        boardIds: null,
        owner: { _id: cast.stranger._id, name: 'Stranger', email: cast.stranger.email },
        lastUsedAt: null,
        expiresAt: null,
        createdAt: token.createdAt,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/papan_|tokenHash|token_hash/);
      expect((await t.http.get('/api/admin/tokens').set(cast.owner.auth)).status).toBe(403);
    });

    it('revokes any token (the token answers 401); 404 for an unknown one; 403 for others', async () => {
      const token = await createToken(t, cast.stranger);
      const id = token._id;
      expect((await t.http.delete(`/api/admin/tokens/${id}`).set(cast.owner.auth)).status).toBe(403);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(200);
      expect((await t.http.delete(`/api/admin/tokens/${id}`).set(admin.auth)).status).toBe(200);
      expect((await t.http.get('/api/boards').set(token.auth)).status).toBe(401);
      expect((await t.http.delete(`/api/admin/tokens/${id}`).set(admin.auth)).status).toBe(404);
      expect((await t.http.delete('/api/admin/tokens/x').set(admin.auth)).status).toBe(400);
    });
  });
});
