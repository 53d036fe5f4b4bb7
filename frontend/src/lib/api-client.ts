import { TIMINGS, TWO_FACTOR_SETUP_REQUIRED } from '@papan/shared';
import { newIdempotencyKey } from './idempotency-key';
import { useSession } from './session';

/**
 * Every failed call becomes one of these (docs/architecture.md, "The layers"); `status` is 0 when
 * no answer came.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    /** A 429's Retry-After in seconds, when the server sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** False for calls where 401 is an answer (wrong password), not a lost session. */
  redirectOnUnauthorized?: boolean;
  /** A `Prefer` header: `papan-change` asks a board change for `{data, event}` (docs/api.md). */
  prefer?: string;
  /** A change's `Idempotency-Key`; a change sent without one gets a new key, kept for its retries. */
  idempotencyKey?: string;
  /**
   * The revision an update was made against, sent as `If-Match`: the server answers 412 with the
   * object as it is now when it moved on (docs/api.md, "Revisions").
   */
  ifMatch?: number;
  /**
   * The waits before each retry of a change that failed for want of a connection (0, 502, 503,
   * 504), with the same key; `[]` for none (the outbox retries its changes itself).
   */
  retryDelaysMs?: readonly number[];
}

/** A change that got no answer is tried twice more, with the same key, before its caller hears of it. */
export const CHANGE_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

/**
 * Whether a call failed for want of a connection — no answer (offline, a timeout), or a gateway or
 * a database that is down (502, 503, 504) — so the same change may be sent again with its key.
 */
export function isConnectionFailure(error: unknown): boolean {
  return error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
}

let handleUnauthorized: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a page reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  handleUnauthorized = handler;
}

let handleTwoFactorRequired: () => void = () => window.location.assign('/settings/security');

/**
 * The router registers where an admin goes when the server asks them to set up two-factor sign-in
 * first (403 `two_factor_setup_required`; docs/api.md, "Admin settings").
 */
export function setTwoFactorRequiredHandler(handler: () => void): void {
  handleTwoFactorRequired = handler;
}

/**
 * One call. A change (any method but GET) carries an `Idempotency-Key` and is sent again with the
 * same key when it fails for want of a connection (docs/api.md, "Retrying changes").
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if ((options.method ?? 'GET') === 'GET') return (await exchange(path, options)).data as T;
  const change = { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() };
  const delays = options.retryDelaysMs ?? CHANGE_RETRY_DELAYS_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return (await exchange(path, change)).data as T;
    } catch (error) {
      if (!isConnectionFailure(error) || attempt >= delays.length || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/** A conditional read's answer: 304 (nothing changed), or the body with its ETag. */
export type ConditionalAnswer<T> =
  { notModified: true } | { notModified: false; data: T; etag: string | null };

/**
 * GET with `If-None-Match` (what makes polling cheap: docs/api.md, "GET /api/boards/{id}"). Never
 * answered from the browser's cache, or a 304 would never reach the caller.
 */
export async function apiGetConditional<T>(
  path: string,
  etag: string | null | undefined,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ConditionalAnswer<T>> {
  const { response, data } = await exchange(path, { ...options, method: 'GET' }, { etag: etag ?? null });
  if (response.status === 304) return { notModified: true };
  return { notModified: false, data: data as T, etag: response.headers.get('ETag') };
}

/**
 * One call: the answer of a 2xx (or, for a conditional read, a 304), or an ApiError (a 401 also
 * ends the session and goes to /login).
 */
async function exchange(
  path: string,
  options: RequestOptions,
  conditional: { etag: string | null } | null = null,
): Promise<{ response: Response; data: unknown }> {
  const {
    method = 'GET',
    body,
    signal,
    redirectOnUnauthorized = true,
    prefer,
    idempotencyKey,
    ifMatch,
  } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMINGS.requestTimeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const headers = buildHeaders(body);
    if (conditional?.etag) headers.set('If-None-Match', conditional.etag);
    if (prefer) headers.set('Prefer', prefer);
    if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
    if (ifMatch !== undefined) headers.set('If-Match', String(ifMatch));
    const response = await fetch(path, {
      method,
      headers,
      body: encodeBody(body),
      credentials: 'include',
      signal: controller.signal,
      // A conditional read is never answered from the browser's cache: the 304 must reach us.
      ...(conditional ? { cache: 'no-store' as const } : {}),
    });
    const data = await readBody(response);
    if (response.ok || (conditional && response.status === 304)) return { response, data };
    throw failure(response, method, path, data, redirectOnUnauthorized);
  } catch (error) {
    // A caller that cancels gets its own AbortError back, untouched.
    if (error instanceof ApiError || signal?.aborted) throw error;
    const timedOut = controller.signal.aborted;
    console.error(`${timedOut ? 'Request timed out' : 'Network error'}: ${method} ${path}`, error);
    throw new ApiError(0, timedOut ? 'Request timed out' : 'Network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

export const api = {
  request: <T>(path: string, options: RequestOptions) => apiRequest<T>(path, options),
  get: <T>(path: string, options?: RequestOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** The server's own words when its body carries them (`{statusCode, error, message}`). */
export function serverMessage(error: unknown, field: 'message' | 'msg' = 'message'): string | null {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return null;
  const value = (error.body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value : null;
}

/**
 * The server's refusal to let an account hand out credentials (API tokens, webhooks) before it has
 * proven its address (docs/security.md section 14): shown in the reader's language instead.
 */
export function unprovenAddress(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    /^Confirm your e-mail/.test(serverMessage(error) ?? '')
  );
}

function buildHeaders(body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  const token = useSession.getState().session?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function failure(
  response: Response,
  method: string,
  path: string,
  data: unknown,
  redirect: boolean,
): ApiError {
  const { status } = response;
  if (status === 401 && redirect) {
    useSession.getState().logout();
    handleUnauthorized();
  }
  if (status === 403 && isTwoFactorSetupRequired(data)) handleTwoFactorRequired();
  if (status === 502) console.error(`Server down or misconfigured (502): ${method} ${path}`);
  else console.error(`Request failed (${status}): ${method} ${path}`, data);
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  const message = typeof body?.message === 'string' ? body.message : `Request failed with status ${status}`;
  return new ApiError(status, message, data, retryAfterSeconds(response.headers.get('Retry-After')));
}

function isTwoFactorSetupRequired(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { code?: unknown }).code === TWO_FACTOR_SETUP_REQUIRED
  );
}

/** Retry-After as seconds (the server sends a number; an HTTP date is read too). */
function retryAfterSeconds(header: string | null): number | null {
  if (!header) return null;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : (Date.parse(header) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}
