import type { Gender, SocialLinks, User } from '@papan/shared';

/* The browser's side of the profile form; the answers' shapes live in @papan/shared. */

export interface ProfileInput {
  name: string;
  gender: Gender | '';
  socialLinks: SocialLinks;
  /** The cropped picture, a PNG; absent when the picture does not change. */
  profilePicture?: Blob;
}

/**
 * PUT /api/users/profile answers `{user, token}` (docs/api.md, "PUT /api/users/profile"); the user
 * itself (+ token) is read too.
 */
export type ProfileUpdateAnswer = { user: User; token?: string } | (User & { token?: string });
