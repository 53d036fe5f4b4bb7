import { describe, expect, it } from 'vitest';
import { stubApi } from '../testing/api-stub';
import { signIn } from '../testing/factories';
import { useSession } from './session';
import { signOut } from './sign-out';

describe('signOut', () => {
  it('asks the server to end the session with its token and forgets it at once', async () => {
    const result = signIn();
    const api = stubApi({ 'POST /api/auth/logout': { message: 'Signed out.' } });
    signOut();
    expect(useSession.getState().session).toBeNull();
    await Promise.resolve();
    const [call] = api.calls('POST /api/auth/logout');
    expect(call.headers.get('Authorization')).toBe(`Bearer ${result.token}`);
  });

  it('signs out even when the server cannot be reached', async () => {
    signIn();
    stubApi({ 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    signOut();
    expect(useSession.getState().session).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('sends nothing when nobody is signed in', () => {
    const api = stubApi();
    signOut();
    expect(api.requests).toHaveLength(0);
  });
});
