import { eq } from 'drizzle-orm';
import type { Role } from '@papan/shared';
import { users } from '../../src/database/schema';
import { createUser, login, uniqueEmail, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

export const ADMIN_PASSWORD = 'admin-password';

/** The app with an ADMIN made at start-up from ADMIN_EMAIL / ADMIN_PASSWORD, signed in. */
export async function startAdminApp(): Promise<{ t: TestApp; admin: TestUser }> {
  const email = uniqueEmail('root');
  const t = await startTestApp({}, { ADMIN_EMAIL: email, ADMIN_PASSWORD, ADMIN_NAME: 'Root' });
  return { t, admin: await login(t, email, ADMIN_PASSWORD) };
}

/** A registered user given `role` straight in the database, then signed in (the token carries it). */
export async function createUserWithRole(
  t: TestApp,
  role: Role,
  overrides: { name?: string; email?: string } = {},
): Promise<TestUser> {
  const user = await createUser(t, overrides);
  await t.db.update(users).set({ role }).where(eq(users.id, user._id));
  return login(t, user.email, user.password);
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
