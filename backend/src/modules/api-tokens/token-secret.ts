import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@papan/shared';

/** A new secret: `papan_` + 43 URL-safe characters (32 random bytes, base64url). */
export function newTokenSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * What is stored and looked up. The secret is 256 random bits, so a plain SHA-256 is enough: there is
 * nothing to guess that a slow hash would protect, and every request with a token computes it.
 */
export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
