import { z } from 'zod';
import { LIMITS } from '../constants';
import { emailSchema, requiredText } from './common.schema';
import type { User } from './user.schema';

export const registerSchema = z.object({
  name: requiredText(LIMITS.name),
  email: emailSchema,
  password: z
    .string()
    .min(LIMITS.minPasswordLength, `must be at least ${LIMITS.minPasswordLength} characters`)
    .max(LIMITS.password, `must be at most ${LIMITS.password} characters`),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'must not be empty').max(LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** Login answer: the token and role plus the user's fields (SPEC §7). */
export type LoginResult = User & { token: string };

export interface RegisterResult {
  message: string;
  user: User;
}
