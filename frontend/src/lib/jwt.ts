import type { TokenPayload } from '@papan/shared';

/** Decodes a JWT's payload without verifying it (the server verifies every call). */
export function decodeToken(token: string): TokenPayload | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isTokenPayload(payload) ? payload : null;
  } catch {
    return null;
  }
}

/** A token is accepted only if its expiry is later than now (docs/product.md, "Validation"). */
export function isTokenExpired(payload: Pick<TokenPayload, 'exp'>, now = Date.now()): boolean {
  return payload.exp * 1000 <= now;
}

function isTokenPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.exp === 'number' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string'
  );
}
