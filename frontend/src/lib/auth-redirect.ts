import type { Role } from '@papan/shared';

/** Where a guard sends a visitor: the login page, remembering the page they wanted. */
export interface RedirectState {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * After login (docs/product.md, "Route table"): ADMIN goes to /admin, everyone else back to where
 * they came from, else /.
 */
export function postLoginPath(role: Role, state: unknown): string {
  if (role === 'ADMIN') return '/admin';
  const from = (state as RedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/')) return '/';
  if (from.pathname === '/login' || from.pathname === '/register') return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
