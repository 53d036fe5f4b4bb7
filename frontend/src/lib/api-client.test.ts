import { TIMINGS } from '@papan/shared';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../testing/factories';
import { errorResponse, jsonResponse, stubFetch } from '../testing/fetch-stub';
import { api, ApiError, apiGetConditional, setUnauthorizedHandler } from './api-client';
import { useSession } from './session';

describe('api client', () => {
  it('sends JSON with the session token and credentials', async () => {
    const { token } = signIn();
    const fetchMock = stubFetch(() => jsonResponse(201, { _id: 'b-1', title: 'Roadmap' }));

    const board = await api.post<{ title: string }>('/api/boards', { title: 'Roadmap' });

    expect(board.title).toBe('Roadmap');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/boards');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"title":"Roadmap"}' });
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('on 401 clears the session and goes to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    stubFetch(() => errorResponse(401, 'Session expired'));

    const failure = await api.get('/api/boards').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Session expired' });
    expect(useSession.getState().session).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('keeps the session when a 401 is an answer (wrong password)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    stubFetch(() => errorResponse(401, 'Invalid credentials', { msg: 'Invalid credentials' }));

    await expect(api.post('/api/auth/login', {}, { redirectOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
      body: { msg: 'Invalid credentials' },
    });
    expect(useSession.getState().session).not.toBeNull();
    expect(toLogin).not.toHaveBeenCalled();
  });

  it("reads a 429's Retry-After as seconds", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const tooMany = errorResponse(429, 'Too many attempts. Please try again later.');
    tooMany.headers.set('Retry-After', '90');
    stubFetch(() => tooMany);

    await expect(api.post('/api/auth/forgot-password', {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 90,
    });
  });

  it('logs a 502 as the server being down or misconfigured', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => new Response('Bad Gateway', { status: 502 }));

    await expect(api.get('/api/boards')).rejects.toMatchObject({ status: 502 });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/server down or misconfigured/i);
  });

  it('turns a network failure into an ApiError with status 0 and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(api.get('/api/boards')).rejects.toMatchObject({ name: 'ApiError', status: 0 });
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/network error/i);
  });

  it('gives up after the 30 second request timeout', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );

    const pending = api.get('/api/boards').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TIMINGS.requestTimeoutMs);

    expect(await pending).toMatchObject({ status: 0, message: 'Request timed out' });
  });
});

describe('apiGetConditional', () => {
  it('sends If-None-Match past the browser cache and answers a 304 as notModified', async () => {
    signIn();
    const fetchMock = stubFetch(() => new Response(null, { status: 304 }));

    const answer = await apiGetConditional('/api/boards/b-1', 'W/"b-1.3.0"');

    expect(answer).toEqual({ notModified: true });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('If-None-Match')).toBe('W/"b-1.3.0"');
    expect(init).toMatchObject({ method: 'GET', cache: 'no-store' });
  });

  it('answers the body with its ETag', async () => {
    signIn();
    stubFetch(() => jsonResponse(200, { _id: 'b-1' }, { ETag: 'W/"b-1.4.0"' }));

    expect(await apiGetConditional('/api/boards/b-1', null)).toEqual({
      notModified: false,
      data: { _id: 'b-1' },
      etag: 'W/"b-1.4.0"',
    });
  });

  it('on 401 ends the session and goes to /login like every other call', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn();
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    stubFetch(() => errorResponse(401, 'Session expired'));

    await expect(apiGetConditional('/api/boards/b-1', 'W/"x"')).rejects.toMatchObject({ status: 401 });

    expect(useSession.getState().session).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  describe('a change', () => {
    const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const keysSent = (mock: ReturnType<typeof stubFetch>) =>
      mock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

    it('carries a fresh Idempotency-Key each, and a read none', async () => {
      signIn();
      const fetchMock = stubFetch(() => jsonResponse(200, {}));

      await api.put('/api/lists/l-1', { title: 'Doing' });
      await api.put('/api/lists/l-1', { title: 'Doing' });
      await api.get('/api/boards');

      const [first, second, read] = keysSent(fetchMock);
      expect(first).toMatch(UUID);
      expect(second).toMatch(UUID);
      expect(second).not.toBe(first);
      expect(read).toBeNull();
    });

    it.each([
      ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
      ['a 502', () => new Response('Bad Gateway', { status: 502 })],
      ['a 503', () => errorResponse(503, 'The database is unavailable; try again in a moment')],
      ['a 504', () => new Response('Gateway Timeout', { status: 504 })],
    ])('after %s is sent again with the same key', async (_, fail) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      signIn();
      let calls = 0;
      const fetchMock = stubFetch(() => (++calls < 3 ? fail() : jsonResponse(200, { ok: true })));

      const answer = await api.post('/api/cards/c-1/comments', { text: 'Hi' }, { retryDelaysMs: [0, 0] });

      expect(answer).toEqual({ ok: true });
      const keys = keysSent(fetchMock);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(UUID);
    });

    it('is not sent again when the server refuses it, nor past its retries', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      signIn();
      const refused = stubFetch(() => errorResponse(409, 'WIP limit'));
      await expect(api.put('/api/boards/b-1/dnd', {}, { retryDelaysMs: [0, 0] })).rejects.toMatchObject({
        status: 409,
      });
      expect(refused).toHaveBeenCalledOnce();

      const down = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      await expect(api.put('/api/boards/b-1/dnd', {}, { retryDelaysMs: [0] })).rejects.toMatchObject({
        status: 0,
      });
      expect(down).toHaveBeenCalledTimes(2);
    });

    it('keeps the key it is given (the outbox sends each change with its own)', async () => {
      signIn();
      const fetchMock = stubFetch(() => jsonResponse(200, {}));

      await api.delete('/api/cards/c-1', undefined, { idempotencyKey: 'change-7' });

      expect(keysSent(fetchMock)).toEqual(['change-7']);
    });
  });
});
