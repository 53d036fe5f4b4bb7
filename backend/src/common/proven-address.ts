import { ForbiddenException } from '@nestjs/common';
import type { AppConfig } from './config/app-config';

/**
 * Whether an account counts as the owner of its address: it proved it, or the install does not ask
 * for proof (REQUIRE_VERIFIED_EMAIL=false). Invitations reach it, and it may hand out credentials
 * of its own (API tokens, webhooks) — never a squatter's until the address is proven (docs/security.md §14).
 */
export function addressProven(user: { emailVerified: boolean }, mail: AppConfig['mail']): boolean {
  return user.emailVerified || !mail.requireVerifiedEmail;
}

/** 403 for an account that has not proven its address yet, naming what it may do once it has. */
export function requireProvenAddress(
  user: { emailVerified: boolean },
  mail: AppConfig['mail'],
  what: string,
): void {
  if (!addressProven(user, mail))
    throw new ForbiddenException(`Confirm your e-mail address before creating ${what}.`);
}
