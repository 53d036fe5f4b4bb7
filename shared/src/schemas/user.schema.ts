import { z } from 'zod';
import { GENDERS, PROVIDERS, ROLES } from '../constants';

export const socialLinksSchema = z.object({
  website: z.string().optional(),
  github: z.string().optional(),
  twitter: z.string().optional(),
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** The public shape of a user, as every answer carries it. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  provider: z.enum(PROVIDERS),
  /** The owner proved the address (a verification link, Google, or an administrator). */
  emailVerified: z.boolean(),
  profilePictureUrl: z.string().nullable(),
  avatarUrl: z.string(),
  gender: z.union([z.enum(GENDERS), z.literal('')]),
  socialLinks: socialLinksSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The JWT payload: the session's fields (docs/product.md, "Entities") plus the login-session id `sid`. */
export interface TokenPayload {
  id: string;
  sid: string;
  name: string;
  email: string;
  role: User['role'];
  provider: User['provider'];
  emailVerified: boolean;
  profilePictureUrl: string | null;
  gender: User['gender'];
  socialLinks: SocialLinks;
  exp: number;
  iat?: number;
}
