import { vi } from 'vitest';
import { errorResponse, jsonResponse } from './fetch-stub';

export interface StubRequest {
  method: string;
  url: URL;
  /** The request's headers (`Prefer`, `If-None-Match`, …). */
  headers: Headers;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
}

/** An answer: a Response, a function making one, or any other value (sent as 200 JSON). */
export type StubAnswer =
  Response | ((request: StubRequest) => Response | Promise<Response> | unknown) | unknown;

/** What a signed-in user with no data sees, unless a test says otherwise. */
const DEFAULTS: Record<string, StubAnswer> = {
  'GET /api/notifications': [],
  'GET /api/boards': [],
  'GET /api/boards/archived': [],
  'GET /api/activities': [],
  // Open registration, no announcement, no single sign-on (docs/api.md, "Admin settings").
  'GET /api/settings/public': {
    registration: 'open',
    announcement: null,
    sso: { enabled: false, name: '' },
    google: { enabled: false },
  },
};

/** Defaults for calls with an id in the path: a card opened in a test has no attachments. */
const DEFAULT_PATTERNS: [RegExp, StubAnswer][] = [[/^GET \/api\/cards\/[^/]+\/attachments$/, []]];

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/**
 * Replaces fetch with a tiny backend: `'METHOD /path'` (no query string) → answer. Unknown calls
 * answer 404, as the real server would. Returns the recorded requests.
 */
export function stubApi(routes: Record<string, StubAnswer> = {}) {
  const requests: StubRequest[] = [];
  const table = { ...DEFAULTS, ...routes };
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: StubRequest = {
      method: init.method ?? 'GET',
      url: new URL(String(input), 'http://localhost'),
      headers: new Headers(init.headers),
      body: parseBody(init.body),
    };
    requests.push(request);
    const key = `${request.method} ${request.url.pathname}`;
    const answer = key in table ? table[key] : DEFAULT_PATTERNS.find(([pattern]) => pattern.test(key))?.[1];
    if (answer === undefined)
      return errorResponse(404, `No stub for ${request.method} ${request.url.pathname}`);
    const value =
      typeof answer === 'function' ? await (answer as (r: StubRequest) => unknown)(request) : answer;
    return value instanceof Response ? value : jsonResponse(200, value);
  });
  vi.stubGlobal('fetch', mock);
  /** The requests made to `'METHOD /path'`. */
  const calls = (route: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === route);
  return { mock, requests, calls };
}
