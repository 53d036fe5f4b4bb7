import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * One single sign-on in progress, held by the browser that started it in one HttpOnly cookie
 * (docs/security.md, "Single sign-on"): a random secret, the time it started and the path to
 * return to. The `state`, the `nonce` and the PKCE `code_verifier` sent to the provider are hashes
 * of the whole cookie, so nothing is kept on the server, and a cookie changed in any part (an older
 * time, another return path) no longer matches the `state` the provider sends back.
 */
export const OIDC_FLOW_COOKIE = 'papan_oidc_flow';
/** After the callback: the secret the one-time code is bound to (exchanged, then cleared). */
export const OIDC_BINDING_COOKIE = 'papan_oidc_state';

const COOKIE_PATH = '/api/auth/oidc';
/** Time to finish at the provider. */
export const FLOW_TTL_SECONDS = 10 * 60;

export interface OidcFlow {
  cookie: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  startedAt: number;
}

export function newFlow(returnTo: string, nowMs = Date.now()): OidcFlow {
  const secret = randomBytes(32).toString('base64url');
  const cookie = `${secret}.${Math.floor(nowMs / 1000)}.${Buffer.from(returnTo).toString('base64url')}`;
  return readFlow(cookie, nowMs)!;
}

/** The flow of a cookie, or null when it is malformed or older than ten minutes. */
export function readFlow(cookie: string | undefined, nowMs = Date.now()): OidcFlow | null {
  const parts = cookie?.split('.') ?? [];
  if (parts.length !== 3 || !/^[\w-]{43}$/.test(parts[0]) || !/^\d{1,12}$/.test(parts[1])) return null;
  const startedAt = Number(parts[1]);
  const age = nowMs / 1000 - startedAt;
  if (age < -60 || age > FLOW_TTL_SECONDS) return null;
  const returnTo = safeReturnPath(Buffer.from(parts[2], 'base64url').toString('utf8'));
  const c = cookie!;
  return {
    cookie: c,
    state: derive(c, 'state'),
    nonce: derive(c, 'nonce'),
    codeVerifier: derive(c, 'pkce'),
    returnTo,
    startedAt,
  };
}

export function stateMatches(flow: OidcFlow | null, received: unknown): boolean {
  if (!flow || typeof received !== 'string') return false;
  const a = Buffer.from(flow.state);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Only a path of this app: one `/`, then no second `/` or `\` (a protocol-relative address), no
 * scheme, no control characters; anything else is `/`. No open redirect, whatever is asked.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  if (!/^\/(?![/\\])/.test(value) || value.includes('\\') || hasControlCharacter(value)) return '/';
  // The browser's own reading must agree: a path that resolves to another origin is refused.
  const base = 'http://papan.invalid';
  const resolved = new URL(value, base);
  return resolved.origin === base ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/';
}

export function flowCookieOptions(appOrigin: string, maxAge = FLOW_TTL_SECONDS): CookieSerializeOptions {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie rides along on the provider's top-level redirect back to the callback.
    sameSite: 'lax',
    secure: appOrigin.startsWith('https:'),
    maxAge,
  };
}

export function clearedFlowCookieOptions(appOrigin: string): CookieSerializeOptions {
  const { maxAge: _maxAge, ...rest } = flowCookieOptions(appOrigin);
  return rest;
}

function hasControlCharacter(value: string): boolean {
  return [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function derive(cookie: string, purpose: string): string {
  return createHash('sha256').update(`papan-oidc:${purpose}:${cookie}`).digest('base64url');
}
