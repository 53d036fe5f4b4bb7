import { randomBytes } from 'node:crypto';
import { TWO_FACTOR } from '@papan/shared';
import { hashLinkSecret } from '../auth/link-secrets';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten recovery codes of 10 base32 characters (50 bits each), shown as `xxxxx-xxxxx`; only their
 * SHA-256 is stored, the same hash as the e-mailed links' (docs/security.md, "Two-factor sign-in").
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, () => {
    const chars = [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(hashRecoveryCode) };
}

/** The stored form of a code as typed: the schema has already lower-cased it and dropped the dash. */
export function hashRecoveryCode(code: string): string {
  return hashLinkSecret(code.replace(/-/g, '').toLowerCase());
}
