import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@papan/shared';

/** Who is calling, from the verified token and its live login session. */
export interface AuthUser {
  id: string;
  sid: string;
  role: Role;
  name: string;
  email: string;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthUser }>().user;
});
