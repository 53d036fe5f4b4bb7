import type { Gender, SocialLinks, User } from '@papan/shared';

/*
 * Shapes of the account calls (issue 4) that @papan/shared does not declare yet; they move
 * there once the backend publishes them.
 */

/** A login session (SPEC §3: `_id` or `id`; `current` marks the one this browser uses). */
export interface LoginSession {
  _id?: string;
  id?: string;
  device: { browser?: string | null; os?: string | null };
  location?: string | null;
  lastUsed: string;
  current?: boolean;
}

export interface BlockedUser {
  _id: string;
  name: string;
  profilePictureUrl: string | null;
}

export interface ProfileInput {
  name: string;
  gender: Gender | '';
  socialLinks: SocialLinks;
  /** The cropped picture, a PNG; absent when the picture does not change. */
  profilePicture?: Blob;
}

/** PUT /api/users/profile answers `{user, token}`; SPEC §7 also allows the user itself (+ token). */
export type ProfileUpdateAnswer = { user: User; token?: string } | (User & { token?: string });

export function sessionId(session: LoginSession): string {
  return session._id ?? session.id ?? '';
}
