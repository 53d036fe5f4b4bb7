import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * The OAuth `state` of a Google sign-in, bound to the browser that started it: the same random value
 * goes to Google in the authorization URL and to the browser in an HttpOnly SameSite=Lax cookie, and
 * the callback goes on only when both come back equal (RFC 6749 §10.12, login CSRF).
 */
export const GOOGLE_STATE_COOKIE = 'papan_google_state';

/** The cookie is sent to the start and callback routes only. */
const COOKIE_PATH = '/api/auth/google';
/** Time to finish the consent screen. */
const STATE_TTL_SECONDS = 10 * 60;

export function newGoogleState(): string {
  return randomBytes(32).toString('base64url');
}

export function stateCookieOptions(appOrigin: string): CookieSerializeOptions {
  return {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie still rides along on Google's top-level GET redirect back to the callback.
    sameSite: 'lax',
    secure: appOrigin.startsWith('https:'),
    maxAge: STATE_TTL_SECONDS,
  };
}

/** The cookie is used once: the callback removes it whatever happens. */
export function clearedStateCookieOptions(appOrigin: string): CookieSerializeOptions {
  const { maxAge: _maxAge, ...rest } = stateCookieOptions(appOrigin);
  return rest;
}

export function stateMatches(expected: string | undefined, received: unknown): boolean {
  if (!expected || typeof received !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
