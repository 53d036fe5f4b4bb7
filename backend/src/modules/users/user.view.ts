import { initialsAvatarUrl, type User } from '@papan/shared';
import type { UserRow } from './users.repository';

/** The public shape of a user (never the password hash or the Google id). */
export function toUserView(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    provider: row.provider,
    emailVerified: row.emailVerified,
    profilePictureUrl: row.profilePictureUrl,
    avatarUrl: row.profilePictureUrl ?? initialsAvatarUrl(row.name),
    gender: row.gender as User['gender'],
    socialLinks: row.socialLinks ?? {},
    createdAt: row.createdAt.toISOString(),
  };
}
