import { z } from 'zod';
import { GENDERS, LIMITS } from '../constants';
import { emailSchema, idSchema, requiredText } from './common.schema';

const linkSchema = z
  .string()
  .trim()
  .max(LIMITS.url, `must be at most ${LIMITS.url} characters`)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'must be an http(s) URL or empty');

export const socialLinksInputSchema = z
  .object({ website: linkSchema.optional(), github: linkSchema.optional(), twitter: linkSchema.optional() })
  .strict();

/** Text fields of the multipart profile update (the picture comes as a file part). */
export const profileUpdateSchema = z.object({
  name: requiredText(LIMITS.name).optional(),
  gender: z.union([z.enum(GENDERS), z.literal('')]).optional(),
  socialLinks: socialLinksInputSchema.optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'must not be empty').max(LIMITS.password),
  newPassword: z
    .string()
    .min(LIMITS.minPasswordLength, `must be at least ${LIMITS.minPasswordLength} characters`)
    .max(LIMITS.password, `must be at most ${LIMITS.password} characters`),
  /**
   * Also end every other login session, revoke every API token, turn off the webhooks the account
   * added and withdraw its open invitations (the settings form's "sign out everywhere" box).
   */
  signOutEverywhere: z.boolean().default(true),
});
/** What a client sends (`signOutEverywhere` may be left out); the server reads the parsed output. */
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePassword = z.output<typeof changePasswordSchema>;

export const blockUserSchema = z.object({ userIdToBlock: idSchema });
export const unblockUserSchema = z.object({ userIdToUnblock: idSchema });

/** GET /api/users/blocked: the people the caller has blocked. */
export const blockedUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  profilePictureUrl: z.string().nullable(),
  avatarUrl: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/**
 * GET /api/sessions: one login session. Its id is read as `_id` or `id` (docs/product.md, "Entities");
 * both are sent, equal.
 * The server writes 'Unknown' (or 'Local network' for the location) when it cannot tell.
 */
export const loginSessionSchema = z.object({
  _id: z.string(),
  id: z.string(),
  device: z.object({ browser: z.string(), os: z.string() }),
  location: z.string(),
  lastUsed: z.string(),
  createdAt: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;

export const contactSchema = z.object({
  name: requiredText(LIMITS.name),
  email: emailSchema,
  message: requiredText(LIMITS.message),
});
export type ContactInput = z.infer<typeof contactSchema>;
