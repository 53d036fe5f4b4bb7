import type { Profile } from 'passport-google-oauth20';
import { identityOf } from './google-accounts.service';
import { stateMatches } from './google-state';

const profile = (json: Record<string, unknown>, displayName = ''): Profile =>
  ({ id: 'sub-1', displayName, provider: 'google', _json: json, _raw: '', profileUrl: '' }) as Profile;

describe(identityOf.name, () => {
  it('takes the Google id, the lower-cased e-mail, its verification and the name', () => {
    const sut = identityOf(profile({ email: ' Gina@Example.COM ', email_verified: true }, 'Gina Google'));
    expect(sut).toEqual({
      googleId: 'sub-1',
      email: 'gina@example.com',
      emailVerified: true,
      name: 'Gina Google',
    });
  });

  it('reads "true" as verified and anything else as not', () => {
    expect(identityOf(profile({ email: 'a@b.c', email_verified: 'true' })).emailVerified).toBe(true);
    expect(identityOf(profile({ email: 'a@b.c', email_verified: 'yes' })).emailVerified).toBe(false);
    expect(identityOf(profile({ email: 'a@b.c' })).emailVerified).toBe(false);
  });

  it('names a person without a display name after their e-mail, and caps long names', () => {
    expect(identityOf(profile({ email: 'lin.tan@example.com' })).name).toBe('lin.tan');
    expect(identityOf(profile({})).name).toBe('User');
    expect(identityOf(profile({}, 'x'.repeat(500))).name).toHaveLength(200);
  });

  it('has no e-mail when Google gave none', () => {
    expect(identityOf(profile({})).email).toBeNull();
  });
});

describe(stateMatches.name, () => {
  it('accepts only the very state the cookie holds', () => {
    expect(stateMatches('abc', 'abc')).toBe(true);
    expect(stateMatches('abc', 'abd')).toBe(false);
    expect(stateMatches('abc', 'abcd')).toBe(false);
    expect(stateMatches(undefined, 'abc')).toBe(false);
    expect(stateMatches('abc', undefined)).toBe(false);
    expect(stateMatches('abc', ['abc'])).toBe(false);
  });
});
