import { Secret, TOTP } from 'otpauth';

/**
 * TOTP as RFC 6238 defines it and authenticator apps expect it (docs/security.md, "Two-factor
 * sign-in"): SHA-1, 30-second steps, 6 digits, one step of drift either way.
 */
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;
const ISSUER = 'Papan';

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new shared secret: 20 random bytes (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, accountName: string): string {
  return totp(secret, accountName).toString();
}

/** The code for the step holding `timestampMs` (tests and the RFC's vectors). */
export function totpCode(secret: string, timestampMs: number): string {
  return totp(secret).generate({ timestamp: timestampMs });
}

/**
 * The 30-second step `code` belongs to, if it is the code of the current step or of one step
 * either side; null otherwise. Callers accept a step only once (`two_factor.last_step`).
 */
export function matchingStep(secret: string, code: string, timestampMs = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: timestampMs, window: WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: timestampMs }) + delta;
}
