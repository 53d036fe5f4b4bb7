import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TWO_FACTOR_SETUP_REQUIRED } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { InstanceSettingsRepository } from './instance-settings.repository';

export const SET_UP_TWO_FACTOR = 'Set up two-factor sign-in first';

/**
 * What an admin who must set up 2FA may still call (docs/security.md, "Registration policy and
 * admin settings"): setting it up, signing in and out, reading themselves and the public settings.
 */
const ALLOWED: RegExp[] = [
  /^\/api\/account\/2fa(\/|$)/,
  /^\/api\/auth\//,
  /^\/api\/users\/me$/,
  /^\/api\/settings\/public$/,
  /^\/api\/sessions(\/|$)/,
];

/**
 * Global, after the AuthGuard (AuthModule is imported before InstanceSettingsModule, so its guard
 * is registered first): with `requireTwoFactorForAdmins`, an ADMIN without 2FA gets 403
 * `two_factor_setup_required` on everything else. One statement per ADMIN request, none for others.
 */
@Injectable()
export class TwoFactorRequiredGuard implements CanActivate {
  constructor(private readonly settings: InstanceSettingsRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const user = request.user;
    // API tokens too: a token an admin made earlier acts as that admin.
    if (!user || user.role !== 'ADMIN') return true;
    const path = request.url.split('?')[0];
    if (ALLOWED.some((pattern) => pattern.test(path))) return true;
    if (await this.settings.adminLacksTwoFactor(user.id)) {
      throw new ForbiddenException({ message: SET_UP_TWO_FACTOR, code: TWO_FACTOR_SETUP_REQUIRED });
    }
    return true;
  }
}
