import type { Activity, BoardSummary, LoginResult, Notification, TokenPayload, User } from '@papan/shared';
import { useSession } from '../lib/session';

const base64url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

/** An unsigned JWT shaped like the backend's (the client never verifies signatures). */
export function buildToken(overrides: Partial<TokenPayload> = {}): string {
  const payload: TokenPayload = {
    id: 'user-1',
    sid: 'session-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    role: 'MEMBER',
    provider: 'local',
    emailVerified: true,
    profilePictureUrl: null,
    gender: '',
    socialLinks: {},
    exp: inOneHour(),
    ...overrides,
  };
  return [base64url({ alg: 'HS256', typ: 'JWT' }), base64url(payload), 'signature'].join('.');
}

export function buildUser(overrides: Partial<User> = {}): User {
  const name = overrides.name ?? 'Ada Lovelace';
  return {
    _id: 'user-1',
    name,
    email: 'ada@example.com',
    role: 'MEMBER',
    provider: 'local',
    emailVerified: true,
    profilePictureUrl: null,
    avatarUrl: `https://ui-avatars.com/api/?name=${encodeURIComponent(name)}`,
    gender: '',
    socialLinks: {},
    createdAt: '2025-07-08T10:00:00.000Z',
    ...overrides,
  };
}

/** The body of a successful POST /api/auth/login. */
export function buildLoginResult(overrides: Partial<User> = {}): LoginResult {
  const user = buildUser(overrides);
  const token = buildToken({ id: user._id, name: user.name, email: user.email, role: user.role });
  return { ...user, token, twoFactorEnabled: false };
}

/** Starts a test signed in, as a login would. */
export function signIn(overrides: Partial<User> = {}): LoginResult {
  const result = buildLoginResult(overrides);
  useSession.getState().login(result);
  return result;
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${++sequence}`;

export function buildBoard(overrides: Partial<BoardSummary> = {}): BoardSummary {
  return {
    _id: nextId('board'),
    title: 'Roadmap',
    description: '',
    createdAt: '2025-07-08T10:00:00.000Z',
    updatedAt: '2025-07-09T10:00:00.000Z',
    ownerId: { _id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' },
    members: [{ _id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: '' }],
    isPinned: false,
    isArchived: false,
    linkJoining: true,
    isTemplate: false,
    revision: 1,
    ...overrides,
  };
}

export function buildActivity(overrides: Partial<Activity> = {}): Activity {
  const at = overrides.createdAt ?? new Date().toISOString();
  return {
    _id: nextId('activity'),
    actionType: 'CREATE_CARD',
    boardId: 'board-1',
    boardTitle: 'Roadmap',
    userId: { _id: 'user-1', name: 'Ada Lovelace' },
    rule: null,
    description: 'added the card <strong>Write tests</strong>',
    template: null,
    params: null,
    createdAt: at,
    timestamp: at,
    ...overrides,
  };
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    _id: nextId('notification'),
    text: 'Grace invited you to Roadmap',
    template: null,
    params: null,
    boardId: 'board-1',
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
