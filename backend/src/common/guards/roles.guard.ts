import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Role } from '@papan/shared';
import type { AuthUser } from '../decorators/current-user.decorator';

export const ROLES = 'papan:roles';

/**
 * Runs after the global AuthGuard, so `request.user` carries the role read fresh from the database
 * (not the token's copy): a demoted administrator loses access on the next call.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles?.length) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException(`Only ${roles.join(' or ')} users can do this.`);
  }
}
