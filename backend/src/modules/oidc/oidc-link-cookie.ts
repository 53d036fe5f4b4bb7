import type { CookieSerializeOptions } from '@fastify/cookie';
import { LINK_TTL_SECONDS } from '@papan/shared';

/**
 * The browser that met an existing account at the provider holds the pending link's token in this
 * HttpOnly cookie; the next password sign-in of that account in this browser links it
 * (docs/decisions.md, "Linking a single sign-on account needs the password, in the same browser").
 * Path /api/auth: the login and the two-factor step both see it.
 */
export const OIDC_LINK_COOKIE = 'papan_oidc_link';

export function linkCookieOptions(appOrigin: string): CookieSerializeOptions {
  return {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: appOrigin.startsWith('https:'),
    maxAge: LINK_TTL_SECONDS.oidcPendingLink,
  };
}

export function clearedLinkCookieOptions(appOrigin: string): CookieSerializeOptions {
  const { maxAge: _maxAge, ...rest } = linkCookieOptions(appOrigin);
  return rest;
}
