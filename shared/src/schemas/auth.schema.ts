import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants';
import { emailSchema, requiredText } from './common.schema';
import type { User } from './user.schema';
import type { AccountUser, TwoFactorRequired } from './two-factor.schema';

const newPassword = z
  .string()
  .min(LIMITS.minPasswordLength, `must be at least ${LIMITS.minPasswordLength} characters`)
  .max(LIMITS.password, `must be at most ${LIMITS.password} characters`);

/** The language of the e-mail a call sends (the interface's language); English when absent. */
const mailLanguage = z.enum(LANGUAGES).optional();

export const registerSchema = z.object({
  name: requiredText(LIMITS.name),
  email: emailSchema,
  password: newPassword,
  language: mailLanguage,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'must not be empty').max(LIMITS.password),
});
export type LoginInput = z.infer<typeof loginSchema>;

/**
 * Login answer: the token and role plus the user's fields and whether 2FA is on (docs/api.md,
 * "POST /api/auth/login").
 */
export type LoginResult = AccountUser & { token: string };

/**
 * What a sign-in (password, the Google or single sign-on exchange) answers: a session, or, for an
 * account with two-factor sign-in, the challenge `POST /api/auth/2fa` finishes.
 */
export type SignInAnswer = LoginResult | TwoFactorRequired;

export interface RegisterResult {
  message: string;
  user: User;
}

/**
 * The single-use secrets of e-mailed links and of the Google sign-in's code (docs/api.md,
 * "Authentication"): base64url, 43 characters.
 */
const linkSecret = z
  .string()
  .min(1, 'must not be empty')
  .max(LIMITS.linkToken, `must be at most ${LIMITS.linkToken} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be the code from the link');

/** POST /api/auth/verify-email */
export const verifyEmailSchema = z.object({ token: linkSecret });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** POST /api/auth/resend-verification */
export const resendVerificationSchema = z.object({ language: mailLanguage });
export type ResendVerificationInput = z.infer<typeof resendVerificationSchema>;

/** POST /api/auth/forgot-password: always 202 with the same body. */
export const forgotPasswordSchema = z.object({ email: emailSchema, language: mailLanguage });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: ends every login session of the account. */
export const resetPasswordSchema = z.object({ token: linkSecret, password: newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/google/exchange: the one-time code of /auth/callback?token=… for a session. */
export const googleExchangeSchema = z.object({ code: linkSecret });
export type GoogleExchangeInput = z.infer<typeof googleExchangeSchema>;

export interface MessageResult {
  message: string;
}

/** The answer of verify-email: the account, now verified. */
export interface VerifyEmailResult {
  message: string;
  user: User;
}
