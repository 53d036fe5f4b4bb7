import { createHash, randomBytes } from 'node:crypto';

/** A secret for an e-mailed link or a sign-in code: 32 random bytes, base64url (43 characters). */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashLinkSecret(secret) };
}

/** Only this SHA-256 is stored: a leaked table row never signs anyone in nor resets anything. */
export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
