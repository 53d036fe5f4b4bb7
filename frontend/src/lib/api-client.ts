import { TIMINGS } from '@papan/shared';
import { useSession } from './session';

/** Every failed call becomes one of these (STYLE habit 11); `status` is 0 when no answer came. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
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
}

let handleUnauthorized: () => void = () => window.location.assign('/login');

/** The router registers how to reach /login without a page reload. */
export function setUnauthorizedHandler(handler: () => void): void {
  handleUnauthorized = handler;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, redirectOnUnauthorized = true } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMINGS.requestTimeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(path, {
      method,
      headers: buildHeaders(body),
      body: encodeBody(body),
      credentials: 'include',
      signal: controller.signal,
    });
    const data = await readBody(response);
    if (response.ok) return data as T;
    throw failure(response.status, method, path, data, redirectOnUnauthorized);
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

function failure(status: number, method: string, path: string, data: unknown, redirect: boolean): ApiError {
  if (status === 401 && redirect) {
    useSession.getState().logout();
    handleUnauthorized();
  }
  if (status === 502) console.error(`Server down or misconfigured (502): ${method} ${path}`);
  else console.error(`Request failed (${status}): ${method} ${path}`, data);
  const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  const message = typeof body?.message === 'string' ? body.message : `Request failed with status ${status}`;
  return new ApiError(status, message, data);
}
