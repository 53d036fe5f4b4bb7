import { STORAGE_KEYS } from '@papan/shared';
import { describe, expect, it, vi } from 'vitest';
import { buildLoginResult, buildToken } from '../testing/factories';
import { BOARD_CACHE } from './offline-cache';
import { restoreSession, useSession } from './session';

const sut = useSession;
const hoursFromNow = (hours: number) => Math.floor(Date.now() / 1000) + hours * 3600;

describe('session store', () => {
  describe('restoreSession', () => {
    it('discards an expired stored token and logs "Token expired"', () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const token = buildToken({ exp: hoursFromNow(-1) });
      localStorage.setItem(STORAGE_KEYS.token, token);
      localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify({ ...buildLoginResult(), token }));

      restoreSession();

      expect(sut.getState().session).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
      expect(warn).toHaveBeenCalledWith('Token expired');
    });

    it('discards a token that cannot be decoded', () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      localStorage.setItem(STORAGE_KEYS.token, 'not-a-jwt');

      restoreSession();

      expect(sut.getState().session).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    });

    it('keeps an unexpired stored session as it was saved', () => {
      const result = buildLoginResult({ name: 'Grace Hopper' });
      localStorage.setItem(STORAGE_KEYS.token, result.token);
      localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(result));

      restoreSession();

      expect(sut.getState()).toMatchObject({ resolved: true, session: { name: 'Grace Hopper' } });
    });

    it('rebuilds the session from the token payload when userInfo is missing', () => {
      localStorage.setItem(STORAGE_KEYS.token, buildToken({ id: 'u-9', name: 'Zoë Ñúñez', role: 'ADMIN' }));

      restoreSession();

      expect(sut.getState().session).toMatchObject({ _id: 'u-9', name: 'Zoë Ñúñez', role: 'ADMIN' });
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({ _id: 'u-9' });
    });
  });

  it('login stores the token and the session; logout removes both', () => {
    const result = buildLoginResult();

    sut.getState().login(result);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(result.token);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      email: result.email,
    });

    sut.getState().logout();
    expect(sut.getState().session).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
  });

  it('logout forgets the boards the service worker kept for offline use', () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: (name: string) => (deleted.push(name), Promise.resolve(true)) });
    try {
      sut.getState().login(buildLoginResult());
      sut.getState().logout();
      expect(deleted).toEqual([BOARD_CACHE]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('updateUser merges changes and keeps them stored', () => {
    sut.getState().login(buildLoginResult());

    sut.getState().updateUser({ name: 'Ada King' });

    expect(sut.getState().session?.name).toBe('Ada King');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      name: 'Ada King',
    });
  });

  it('loginWithToken refuses an expired token', () => {
    expect(sut.getState().loginWithToken(buildToken({ exp: hoursFromNow(-1) }))).toBe(false);
    expect(sut.getState().session).toBeNull();
  });
});
