import { randomBytes } from 'node:crypto';
import type { LoginResult } from '@papan/shared';
import { eq, sql } from 'drizzle-orm';
import { boardMembers, boards, cards, lists } from '../../src/database/schema';
import { EmailVerificationService } from '../../src/modules/auth/email-verification.service';
import { UsersRepository } from '../../src/modules/users/users.repository';
import type { TestApp } from './test-app';
import { BoardAccessCache } from '../../src/modules/board-access/board-access.cache';

let sequence = 0;

export function uniqueEmail(prefix = 'user'): string {
  sequence++;
  return `${prefix}-${sequence}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface TestUser extends LoginResult {
  password: string;
  auth: { Authorization: string };
}

/**
 * Registers and logs in a local user through the public API. Its address counts as proven, as for
 * anyone who opened the link of the registration mail (`verified: false` keeps it unproven).
 */
export async function createUser(
  t: TestApp,
  overrides: { name?: string; email?: string; password?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const body = {
    name: overrides.name ?? 'Test User',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse',
  };
  const reg = await t.http.post('/api/auth/register').send(body);
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (overrides.verified !== false) await markVerified(t, body.email);
  return login(t, body.email, body.password);
}

/** What opening the verification link does to the account (the link itself: test/trust/). */
export async function markVerified(t: TestApp, email: string): Promise<void> {
  const row = await t.app.get(UsersRepository).findByEmail(email.toLowerCase());
  if (!row) throw new Error(`no account for ${email}`);
  await t.app.get(EmailVerificationService).markVerified(row);
}

export async function login(t: TestApp, email: string, password: string): Promise<TestUser> {
  const res = await t.http.post('/api/auth/login').send({ email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body as LoginResult), password, auth: { Authorization: `Bearer ${res.body.token}` } };
}

/** Creates a board through the API; answers its summary. */
export async function createBoard(
  t: TestApp,
  user: TestUser,
  title = 'Board',
): Promise<{ _id: string; title: string }> {
  const res = await t.http.post('/api/boards').set(user.auth).send({ title });
  if (res.status !== 201) throw new Error(`create board failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Setup shortcut straight into the database (not for testing the list API itself). */
export async function seedList(
  t: TestApp,
  boardId: string,
  title = 'List',
  position = Date.now(),
): Promise<{ id: string }> {
  const [row] = await t.db.insert(lists).values({ boardId, title, position }).returning({ id: lists.id });
  await bumpVersion(t, boardId);
  return row;
}

/** Setup shortcut straight into the database (not for testing the card API itself). */
export async function seedCard(
  t: TestApp,
  boardId: string,
  listId: string,
  title = 'Card',
  position = Date.now(),
): Promise<{ id: string }> {
  const [row] = await t.db
    .insert(cards)
    .values({ boardId, listId, title, position })
    .returning({ id: cards.id });
  await bumpVersion(t, boardId);
  return row;
}

/**
 * What every real change does in its transaction (BoardChanges): the board's version moves, so no
 * reader is served content cached at an older version (BoardContentCache). Call after writing a
 * board's content straight into the database. A write behind the app's back sends no event, so
 * the app is told to forget the versions it keeps (BoardAccessCache), as a restart would.
 */
export async function bumpVersion(t: TestApp, boardId: string): Promise<void> {
  await t.db
    .update(boards)
    .set({ version: sql`${boards.version} + 1` })
    .where(eq(boards.id, boardId));
  t.app.get(BoardAccessCache).reset();
}

/** Makes `user` a member of the board straight in the database (setup only). */
export async function seedMember(t: TestApp, boardId: string, user: TestUser): Promise<void> {
  await t.db.insert(boardMembers).values({ boardId, userId: user._id }).onConflictDoNothing();
}
