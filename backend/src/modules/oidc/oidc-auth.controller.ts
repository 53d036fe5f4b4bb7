import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import { googleExchangeSchema, type GoogleExchangeInput, type SignInAnswer } from '@papan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { GoogleUnavailableFilter } from '../auth/google-unavailable.filter';
import { OidcAuthService, type OidcCallbackQuery } from './oidc-auth.service';
import {
  clearedFlowCookieOptions,
  flowCookieOptions,
  OIDC_BINDING_COOKIE,
  OIDC_FLOW_COOKIE,
} from './oidc-flow';
import { linkCookieOptions, OIDC_LINK_COOKIE } from './oidc-link-cookie';

/** Single sign-on (docs/api.md, "Single sign-on"). Its 503s keep their message, as Google's do. */
@Controller('api/auth/oidc')
@UseFilters(GoogleUnavailableFilter)
export class OidcAuthController {
  constructor(
    private readonly oidc: OidcAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `?returnTo=/path` (this app's paths only) is where the app goes after signing in. */
  @Public()
  @Get()
  async start(@Query('returnTo') returnTo: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { cookie, url } = await this.oidc.start(returnTo);
    await reply
      .setCookie(OIDC_FLOW_COOKIE, cookie, flowCookieOptions(this.config.appOrigin))
      .header('Cache-Control', 'no-store')
      .redirect(url, 302);
  }

  @Public()
  @Get('callback')
  async callback(
    @Query() query: OidcCallbackQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.oidc.finish(query, req.url, req.cookies[OIDC_FLOW_COOKIE], requestMeta(req));
    const origin = this.config.appOrigin;
    // The flow is used once, whatever happened.
    void reply
      .clearCookie(OIDC_FLOW_COOKIE, clearedFlowCookieOptions(origin))
      .header('Cache-Control', 'no-store');
    if (result.binding)
      void reply.setCookie(OIDC_BINDING_COOKIE, result.binding, flowCookieOptions(origin, 60));
    if (result.linkToken) void reply.setCookie(OIDC_LINK_COOKIE, result.linkToken, linkCookieOptions(origin));
    await reply.redirect(result.url, 302);
  }

  /** The one-time code of /auth/callback?provider=oidc&token=… for a sign-in. */
  @Public()
  @Post('exchange')
  @HttpCode(200)
  async exchange(
    @Body(new ZodValidationPipe(googleExchangeSchema)) body: GoogleExchangeInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInAnswer> {
    const result = await this.oidc.exchange(body.code, req.cookies[OIDC_BINDING_COOKIE], requestMeta(req));
    void reply
      .clearCookie(OIDC_BINDING_COOKIE, clearedFlowCookieOptions(this.config.appOrigin))
      .header('Cache-Control', 'no-store');
    return result;
  }
}
