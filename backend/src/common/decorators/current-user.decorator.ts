import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@papan/shared';

/** Who is calling, from the verified token and its live login session. */
export interface AuthUser {
  id: string;
  sid: string;
  role: Role;
  name: string;
  email: string;
  /** Read fresh from the database on every request, like the role. */
  emailVerified: boolean;
  /**
   * When the caller's token ends (seconds since 1970): a token renewed from it ends then too.
   * Unset for a user acting outside a request (no token).
   */
  exp?: number;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
