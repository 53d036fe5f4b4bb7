import { HOTP, Secret, TOTP } from 'otpauth';
import { matchingStep, newTotpSecret, otpauthUrl, totpCode } from './totp';

/** RFC 6238, Appendix B: the SHA-1 seed is the ASCII "12345678901234567890". */
const RFC_SEED = Secret.fromLatin1('12345678901234567890');
const RFC_VECTORS: Array<[seconds: number, eightDigits: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 SHA-1 code at T=%i', (seconds, expected) => {
    // The library itself, with the RFC's 8 digits, against the RFC's table.
    const eight = new TOTP({ algorithm: 'SHA1', digits: 8, period: 30, secret: RFC_SEED });
    expect(eight.generate({ timestamp: seconds * 1000 })).toBe(expected);
    // Ours, 6 digits: dynamic truncation mod 10^6 is the last six of the RFC's eight.
    expect(totpCode(RFC_SEED.base32, seconds * 1000)).toBe(expected.slice(-6));
  });

  it('agrees with HOTP (RFC 4226) at the step counter', () => {
    const hotp = new HOTP({ algorithm: 'SHA1', digits: 6, secret: RFC_SEED });
    expect(totpCode(RFC_SEED.base32, 59_000)).toBe(hotp.generate({ counter: 1 }));
  });

  it('accepts one step of drift either way and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, now - 60_000), now)).toBeNull();
    expect(matchingStep(secret, totpCode(secret, now + 60_000), now)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth address apps read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl(secret, 'siti@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Papan:siti@example.com');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret,
      issuer: 'Papan',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
