import {
  initialsAvatarUrl,
  STORAGE_KEYS,
  type LoginResult,
  type TokenPayload,
  type User,
} from '@papan/shared';
import { create } from 'zustand';
import { decodeToken, isTokenExpired } from './jwt';
import { forgetCachedBoards } from './offline-cache';
import { storage } from './storage';

/** The stored session (`userInfo`) is the token plus the user's fields (docs/product.md, "Entities"). */
export type Session = Omit<User, 'createdAt'> & { token: string; createdAt?: string };

interface SessionState {
  session: Session | null;
  /** False while the stored session is being read; `/` shows Loading until then. */
  resolved: boolean;
  login: (result: LoginResult) => void;
  /** Google sign-in hands over only a token; its payload becomes the session. False when unusable. */
  loginWithToken: (token: string) => boolean;
  logout: () => void;
  updateUser: (changes: Partial<Session>) => void;
}

export const useSession = create<SessionState>()((set, get) => ({
  session: null,
  resolved: false,
  login: (result) => set({ session: persist({ ...result }), resolved: true }),
  loginWithToken: (token) => {
    const payload = decodeToken(token);
    if (!payload || isTokenExpired(payload)) return false;
    set({ session: persist(sessionFromToken(token, payload)), resolved: true });
    return true;
  },
  logout: () => {
    storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.userInfo);
    forgetCachedBoards();
    set({ session: null, resolved: true });
  },
  updateUser: (changes) => {
    const current = get().session;
    if (current) set({ session: persist({ ...current, ...changes }) });
  },
}));

/**
 * Reads the stored session; an expired or unreadable token discards both keys (docs/product.md,
 * "States and transitions").
 */
export function restoreSession(): void {
  useSession.setState({ session: readStoredSession(), resolved: true });
}

function readStoredSession(): Session | null {
  const stored = parseUserInfo(storage.get(STORAGE_KEYS.userInfo));
  const token = storage.get(STORAGE_KEYS.token) ?? stored?.token;
  if (!token) return discard();
  const payload = decodeToken(token);
  if (!payload) {
    console.warn('Invalid token');
    return discard();
  }
  if (isTokenExpired(payload)) {
    console.warn('Token expired');
    return discard();
  }
  return stored?.token === token ? stored : persist(sessionFromToken(token, payload));
}

function discard(): null {
  storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.userInfo);
  return null;
}

function persist(session: Session): Session {
  storage.set(STORAGE_KEYS.token, session.token);
  storage.set(STORAGE_KEYS.userInfo, JSON.stringify(session));
  return session;
}

function parseUserInfo(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    const ok = typeof value === 'object' && value !== null && typeof (value as Session).token === 'string';
    return ok ? (value as Session) : null;
  } catch {
    return null;
  }
}

function sessionFromToken(token: string, payload: TokenPayload): Session {
  const profilePictureUrl = payload.profilePictureUrl ?? null;
  return {
    token,
    _id: payload.id,
    name: payload.name,
    email: payload.email,
    role: payload.role,
    provider: payload.provider ?? 'google',
    // Tokens from before e-mail verification carry no such claim; /api/auth/me has the fresh value.
    emailVerified: payload.emailVerified ?? false,
    profilePictureUrl,
    avatarUrl: profilePictureUrl ?? initialsAvatarUrl(payload.name),
    gender: payload.gender ?? '',
    socialLinks: payload.socialLinks ?? {},
  };
}

restoreSession();

// Another tab logging in or out changes the same storage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) restoreSession();
  });
}
