import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  loginSchema,
  registerWithInviteSchema,
  twoFactorSignInSchema,
  type LoginInput,
  type RegisterWithInviteInput,
  type SignInAnswer,
  type TwoFactorSignInInput,
} from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { CurrentUser, type AuthUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { clearedLinkCookieOptions, OIDC_LINK_COOKIE } from '../oidc/oidc-link-cookie';
import { AuthService } from './auth.service';

@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('register')
  register(
    @Body(new ZodValidationPipe(registerWithInviteSchema)) body: RegisterWithInviteInput,
    @Req() req: FastifyRequest,
  ) {
    return this.auth.register(body, requestMeta(req));
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodValidationPipe(loginSchema)) body: LoginInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInAnswer> {
    const link = req.cookies[OIDC_LINK_COOKIE];
    const answer = await this.auth.login(body, requestMeta(req), link);
    // A waiting single sign-on link is used (or was not this account's) once a session is open.
    if (link && 'token' in answer) this.clearLinkCookie(reply);
    return answer;
  }

  /** The second factor of a sign-in that answered `{twoFactorRequired, challenge}`. */
  @Public()
  @Post('2fa')
  @HttpCode(200)
  async twoFactor(
    @Body(new ZodValidationPipe(twoFactorSignInSchema)) body: TwoFactorSignInInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const link = req.cookies[OIDC_LINK_COOKIE];
    const result = await this.auth.finishTwoFactor(body, requestMeta(req), link);
    if (link) this.clearLinkCookie(reply);
    return result;
  }

  private clearLinkCookie(reply: FastifyReply): void {
    void reply.clearCookie(OIDC_LINK_COOKIE, clearedLinkCookieOptions(this.config.appOrigin));
  }

  /** The caller's own user, fresh from the database (the token's copy may be stale). */
  @Get('me')
  me(@CurrentUser() user: AuthUser) {
    return this.auth.me(user.id);
  }
}
