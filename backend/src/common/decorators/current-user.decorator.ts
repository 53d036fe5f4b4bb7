import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role, TokenScope } from '@papan/shared';

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
  /**
   * Set when the caller signed in with a personal API token (docs/api.md, "Personal API tokens")
   * rather than a login session.
   */
  token?: TokenGrant;
}

/** What a personal API token lets its bearer do as its owner. */
export interface TokenGrant {
  id: string;
  scopes: TokenScope[];
  /** Null: every board the owner is a member of. */
  boardIds: string[] | null;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
