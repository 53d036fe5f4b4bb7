import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces globalThis.fetch, the boundary between the app and the backend. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The backend's error body: `{statusCode, error, message}` (login failures add `msg`). */
export function errorResponse(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 409: 'Conflict', 500: 'Internal Server Error' };
  return jsonResponse(status, {
    statusCode: status,
    error: error[status as keyof typeof error] ?? 'Error',
    message,
    ...extra,
  });
}

/** The JSON body a stubbed fetch was called with. */
export function sentBody(mock: ReturnType<typeof stubFetch>, call = 0): unknown {
  const init = mock.mock.calls[call]?.[1];
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}
