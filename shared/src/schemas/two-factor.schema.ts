import { z } from 'zod';
import { LIMITS } from '../constants';
import { userSchema } from './user.schema';

/** Two-factor sign-in with TOTP (docs/api.md, "Two-factor sign-in"). */
export const TWO_FACTOR = {
  /** Recovery codes handed out when 2FA is turned on, each usable once. */
  recoveryCodes: 10,
  /** Wrong codes that end a sign-in's challenge. */
  maxFailures: 5,
} as const;

/** The six digits an authenticator app shows; spaces (as apps group them) are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6-digit code from your authenticator app'));

/** A recovery code as handed out (`xxxxx-xxxxx`); case, spaces and dashes are forgiven. */
export const recoveryCodeSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .transform((s) => s.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'must be one of your recovery codes'));

const secondFactor = {
  code: totpCodeSchema.optional(),
  recoveryCode: recoveryCodeSchema.optional(),
};

/** Exactly one of `code` and `recoveryCode`. */
function oneFactor(v: { code?: string; recoveryCode?: string }): boolean {
  return (v.code === undefined) !== (v.recoveryCode === undefined);
}
const ONE_FACTOR = { message: 'code: give either a code or a recovery code', path: ['code'] };

/** POST /api/account/2fa/enable: the first code proves the app holds the secret. */
export const twoFactorEnableSchema = z.object({ code: totpCodeSchema });
export type TwoFactorEnableInput = z.infer<typeof twoFactorEnableSchema>;

/**
 * DELETE /api/account/2fa: the password (accounts that have one) and a code or a recovery code
 * (docs/decisions.md, "Turning two-factor sign-in off").
 */
export const twoFactorDisableSchema = z
  .object({ password: z.string().max(LIMITS.password).optional(), ...secondFactor })
  .refine(oneFactor, ONE_FACTOR);
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

/** POST /api/auth/2fa: finishes a sign-in that answered `{twoFactorRequired, challenge}`. */
export const twoFactorSignInSchema = z
  .object({
    challenge: z
      .string()
      .min(1, 'must not be empty')
      .max(LIMITS.linkToken, `must be at most ${LIMITS.linkToken} characters`)
      .regex(/^[A-Za-z0-9_-]+$/, 'must be the challenge of the sign-in'),
    ...secondFactor,
  })
  .refine(oneFactor, ONE_FACTOR);
export type TwoFactorSignInInput = z.infer<typeof twoFactorSignInSchema>;

/** POST /api/account/2fa/setup */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/account/2fa/enable: shown once, stored hashed. */
export const twoFactorEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;

/** What a sign-in of an account with 2FA answers instead of a token. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
  challenge: string;
}

/** The user as the login answer and GET /api/users/me give it: with whether 2FA is on. */
export const accountUserSchema = userSchema.extend({ twoFactorEnabled: z.boolean() });
export type AccountUser = z.infer<typeof accountUserSchema>;

export function isTwoFactorRequired(answer: object): answer is TwoFactorRequired {
  return (answer as Partial<TwoFactorRequired>).twoFactorRequired === true;
}
