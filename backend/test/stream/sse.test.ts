import { decode } from 'jsonwebtoken';
import type { BoardEvent } from '@papan/shared';
import { blockedUsers } from '../../src/database/schema';
import { createToken } from '../api-tokens/token-fixtures';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { bumpVersion, createUser, login, seedMember } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { SseClient } from './sse-client';

const PING_MS = 100;

/** A board's events as Server-Sent Events, per board and multiplexed (docs/api.md, "Live stream"). */
describe('GET /api/boards/{id}/stream and /api/stream', () => {
  let t: TestApp;
  let url: string;
  let cast: Cast;
  const open: SseClient[] = [];

  beforeAll(async () => {
    t = await startTestApp({ stream: { pingMs: PING_MS } });
    url = await listen(t);
    cast = await castOf(t);
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await t.close();
  });

  const stream = async (
    path: string,
    auth: { Authorization: string } | Record<string, string>,
    headers = {},
  ) => {
    const client = await SseClient.open(`${url}${path}`, { ...auth, ...headers });
    open.push(client);
    return client;
  };
  const versionOf = async (boardId: string, user = cast.owner): Promise<number> =>
    (await t.http.get(`/api/boards/${boardId}`).set(user.auth)).body.version as number;
  const addList = (boardId: string, title: string, user = cast.owner) =>
    t.http.post(`/api/boards/${boardId}/lists`).set(user.auth).send({ title });
  const versions = (events: BoardEvent[]) => events.map((e) => e.version);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  describe('replay and live', () => {
    it('replays the events after ?after=, then follows live, each version once and in order, under concurrent changes', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const start = await versionOf(boardId);
      for (let i = 0; i < 5; i++) await addList(boardId, `Before ${i}`);
      // Changes race the replay: some land in the log while it is read, some arrive live.
      const racing = Promise.all(Array.from({ length: 15 }, (_, i) => addList(boardId, `During ${i}`)));
      const client = await stream(`/api/boards/${boardId}/stream?after=${start}`, cast.member.auth);
      await racing;
      for (let i = 0; i < 5; i++) await addList(boardId, `After ${i}`);
      const end = await versionOf(boardId);
      await client.waitFor(() => client.events.at(-1)?.version === end, 'the last version');
      expect(versions(client.events)).toEqual(range(start + 1, end));
      expect(client.frames.map((f) => f.id)).toEqual(range(start + 1, end).map(String));
      const created = client.frames.find((f) => f.event === 'list.created')!;
      expect(JSON.parse(created.data)).toMatchObject({
        boardId,
        type: 'list.created',
        actorId: cast.owner._id,
      });
    });

    it('sends the stream headers: event-stream, no cache, no proxy buffering', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const client = await stream(`/api/boards/${boardId}/stream`, cast.member.auth);
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(client.headers['cache-control']).toBe('no-cache');
      expect(client.headers['x-accel-buffering']).toBe('no');
    });

    it('starts from now without a resume point', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      await addList(boardId, 'Old');
      const client = await stream(`/api/boards/${boardId}/stream`, cast.member.auth);
      await addList(boardId, 'New');
      const event = await client.waitForEvent((e) => e.type === 'list.created');
      expect(client.events).toEqual([event]);
      expect(event.payload).toMatchObject({ title: 'New' });
    });

    it('resumes from Last-Event-ID, which wins over ?after=', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const start = await versionOf(boardId);
      for (let i = 0; i < 4; i++) await addList(boardId, `L${i}`);
      const client = await stream(`/api/boards/${boardId}/stream?after=${start}`, cast.member.auth, {
        'Last-Event-ID': String(start + 2),
      });
      await client.waitFor(() => client.events.length === 2, 'two events');
      expect(versions(client.events)).toEqual([start + 3, start + 4]);
    });

    it('answers one resync with the current version and closes when the resume point is older than the log', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      // A change outside the log: version 1 was never logged.
      await bumpVersion(t, boardId);
      await addList(boardId, 'Logged');
      const current = await versionOf(boardId);
      const client = await stream(`/api/boards/${boardId}/stream?after=0`, cast.member.auth);
      await client.waitForEnd();
      expect(client.frames).toEqual([{ event: 'resync', data: JSON.stringify({ version: current }) }]);
    });

    it('sends a `: ping` comment every interval', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const client = await stream(`/api/boards/${boardId}/stream`, cast.member.auth);
      await client.waitFor(() => client.comments.filter((c) => c === 'ping').length >= 2, 'two pings', 2000);
    });

    it('hides comments from a reader their author has blocked, live and replayed', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const listId = (await addList(boardId, 'L')).body._id as string;
      const cardId = (
        await t.http.post(`/api/lists/${listId}/cards`).set(cast.owner.auth).send({ title: 'C' })
      ).body._id as string;
      const start = await versionOf(boardId);
      await t.db.insert(blockedUsers).values({ blockerId: cast.owner._id, blockedId: cast.member._id });
      try {
        await t.http.post(`/api/cards/${cardId}/comments`).set(cast.owner.auth).send({ text: 'replayed' });
        const member = await stream(`/api/boards/${boardId}/stream?after=${start}`, cast.member.auth);
        const owner = await stream(`/api/boards/${boardId}/stream?after=${start}`, cast.owner.auth);
        await t.http.post(`/api/cards/${cardId}/comments`).set(cast.owner.auth).send({ text: 'live' });
        await addList(boardId, 'Visible');
        await member.waitForEvent((e) => e.type === 'list.created');
        await owner.waitForEvent((e) => e.type === 'list.created');
        expect(owner.events.filter((e) => e.type === 'comment.created')).toHaveLength(2);
        expect(member.events.map((e) => e.type)).toEqual(['list.created']);
        // Hidden versions are passed over, not refetched: the reader's next event follows on.
        await addList(boardId, 'Next');
        await member.waitFor(() => member.events.length === 2, 'the next event');
      } finally {
        await t.db.delete(blockedUsers);
      }
    });
  });

  describe('multiplexed', () => {
    it('carries several boards with ids boardId:version and resumes each from Last-Event-ID pairs', async () => {
      const a = (await castBoard(t, cast, 'A'))._id;
      const b = (await castBoard(t, cast, 'B'))._id;
      const [va, vb] = [await versionOf(a), await versionOf(b)];
      await addList(a, 'A1');
      await addList(b, 'B1');
      await addList(b, 'B2');
      const client = await stream(`/api/stream?boards=${a},${b}`, cast.member.auth, {
        'Last-Event-ID': `${a}:${va},${b}:${vb + 1}`,
      });
      await addList(a, 'A2');
      await client.waitFor(() => client.events.length === 3, 'three events');
      expect(client.frames.map((f) => f.id)).toEqual([`${a}:${va + 1}`, `${b}:${vb + 2}`, `${a}:${va + 2}`]);
    });

    it('answers resync naming the board when one resume point is too old', async () => {
      const a = (await castBoard(t, cast, 'A'))._id;
      const b = (await castBoard(t, cast, 'B'))._id;
      await bumpVersion(t, b);
      const client = await stream(`/api/stream?boards=${a},${b}&after=${b}:0`, cast.member.auth);
      await client.waitForEnd();
      expect(client.frames.map((f) => [f.event, JSON.parse(f.data)])).toEqual([
        ['resync', { boardId: b, version: await versionOf(b) }],
      ]);
    });
  });

  describe('refusals', () => {
    it('answers 400 for bad input, 401 without a header, 403 for non-members and 404 for unknown boards, never 500', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const unknown = '00000000-0000-4000-8000-000000000000';
      const many = Array.from(
        { length: 51 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      );
      const cases: [string, Record<string, string>, number][] = [
        ['/api/boards/not-a-uuid/stream', cast.member.auth, 400],
        [`/api/boards/${boardId}/stream?after=-1`, cast.member.auth, 400],
        [`/api/boards/${boardId}/stream?after=abc`, cast.member.auth, 400],
        [`/api/boards/${boardId}/stream?after=1&after=2`, cast.member.auth, 400],
        [`/api/boards/${boardId}/stream`, { ...cast.member.auth, 'Last-Event-ID': 'x' }, 400],
        [`/api/boards/${boardId}/stream`, {}, 401],
        [`/api/boards/${boardId}/stream?token=${cast.member.token}`, {}, 401],
        [`/api/boards/${boardId}/stream`, cast.stranger.auth, 403],
        [`/api/boards/${unknown}/stream`, cast.member.auth, 404],
        ['/api/stream', cast.member.auth, 400],
        ['/api/stream?boards=', cast.member.auth, 400],
        ['/api/stream?boards=nope', cast.member.auth, 400],
        [`/api/stream?boards=${many.join(',')}`, cast.member.auth, 400],
        [`/api/stream?boards=${boardId}&after=7`, cast.member.auth, 400],
        [`/api/stream?boards=${boardId}`, cast.stranger.auth, 403],
        [`/api/stream?boards=${boardId},${unknown}`, cast.member.auth, 404],
      ];
      for (const [path, headers, status] of cases) {
        const client = await stream(path, headers);
        expect([path, client.status]).toEqual([path, status]);
        expect(client.body).toMatchObject({ statusCode: status });
      }
    });
  });

  describe('API tokens', () => {
    it('opens with boards:read, events:read or boards:write (which implies read)', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      for (const scopes of [['boards:read'], ['events:read'], ['boards:write']] as const) {
        const token = await createToken(t, cast.member, { scopes: [...scopes] });
        const client = await stream(`/api/boards/${boardId}/stream`, token.auth);
        expect([scopes, client.status]).toEqual([scopes, 200]);
        client.close();
      }
    });

    it('refuses a board outside a token limited to boards (403), also within a multiplexed stream', async () => {
      const a = (await castBoard(t, cast, 'A'))._id;
      const b = (await castBoard(t, cast, 'B'))._id;
      const token = await createToken(t, cast.member, { scopes: ['events:read'], boardIds: [a] });
      expect((await stream(`/api/boards/${a}/stream`, token.auth)).status).toBe(200);
      expect((await stream(`/api/boards/${b}/stream`, token.auth)).status).toBe(403);
      expect((await stream(`/api/stream?boards=${a},${b}`, token.auth)).status).toBe(403);
    });
  });

  describe('access ends, the stream ends', () => {
    it('when the token is revoked', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const token = await createToken(t, cast.member);
      const client = await stream(`/api/boards/${boardId}/stream`, token.auth);
      expect((await t.http.delete(`/api/tokens/${token._id}`).set(cast.member.auth)).status).toBe(200);
      await client.waitForEnd(1000);
    });

    it('when the token expires', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const expiresAt = new Date(Date.now() + 1500).toISOString();
      const token = await createToken(t, cast.member, { expiresAt });
      const client = await stream(`/api/boards/${boardId}/stream`, token.auth);
      expect(client.ended).toBe(false);
      await client.waitForEnd(4000);
    });

    it('when the reader is removed from the board, after the event that removes them', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const client = await stream(`/api/stream?boards=${boardId}`, cast.member.auth);
      await t.http.delete(`/api/boards/${boardId}/members/${cast.member._id}`).set(cast.owner.auth);
      await client.waitForEnd(1000);
      expect(client.events.map((e) => e.type)).toEqual(['member.removed']);
    });

    it('when the board is deleted', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const client = await stream(`/api/boards/${boardId}/stream`, cast.member.auth);
      expect((await t.http.delete(`/api/boards/${boardId}/permanent`).set(cast.owner.auth)).status).toBe(200);
      await client.waitForEnd(1000);
    });

    it('when its login session is revoked, and not when another one is', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const reader = await createUser(t, { password: 'reader-password' });
      await seedMember(t, boardId, reader);
      const other = await login(t, reader.email, 'reader-password');
      const kept = await stream(`/api/boards/${boardId}/stream`, other.auth);
      const client = await stream(`/api/boards/${boardId}/stream`, reader.auth);
      const sid = (decode(reader.token) as { sid: string }).sid;
      expect((await t.http.delete(`/api/sessions/${sid}`).set(other.auth)).status).toBe(200);
      await client.waitForEnd(1000);
      await addList(boardId, 'Still followed');
      await kept.waitForEvent((e) => e.type === 'list.created');
      expect(kept.ended).toBe(false);
    });

    it('when the reader deletes their account, token streams included', async () => {
      const { _id: boardId } = await castBoard(t, cast);
      const reader = await createUser(t);
      await seedMember(t, boardId, reader);
      const token = await createToken(t, reader);
      const bySession = await stream(`/api/boards/${boardId}/stream`, reader.auth);
      const byToken = await stream(`/api/boards/${boardId}/stream`, token.auth);
      expect((await t.http.delete('/api/users/me').set(reader.auth)).status).toBe(200);
      await bySession.waitForEnd(1000);
      await byToken.waitForEnd(1000);
    });
  });
});
