import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import {
  googleExchangeSchema,
  type AuthProviders,
  type GoogleExchangeInput,
  type SignInAnswer,
} from '@papan/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { Public } from '../../common/decorators/public.decorator';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';
import { requestMeta } from '../../common/request-meta';
import { GoogleAuthService, type GoogleCallbackQuery } from './google-auth.service';
import { POPUP_SCRIPT } from './google-popup-page';
import { clearedStateCookieOptions, GOOGLE_STATE_COOKIE, stateCookieOptions } from './google-state';
import { GoogleUnavailableFilter } from './google-unavailable.filter';

/**
 * The popup's pages keep their `window.opener`: helmet's default COOP (same-origin) would cut the
 * popup off from the app as soon as it passes through Google's pages.
 */
const OPENER_POLICY = ['Cross-Origin-Opener-Policy', 'unsafe-none'] as const;

@Controller('api/auth')
@UseFilters(GoogleUnavailableFilter)
export class GoogleAuthController {
  constructor(
    private readonly google: GoogleAuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Which sign-in buttons to show, and whose popup messages to trust. */
  @Public()
  @Get('providers')
  providers(): AuthProviders {
    return this.google.providers();
  }

  @Public()
  @Get('google')
  async start(@Res() reply: FastifyReply): Promise<void> {
    const { state, url } = await this.google.start();
    await reply
      .setCookie(GOOGLE_STATE_COOKIE, state, stateCookieOptions(this.config.appOrigin))
      .header(...OPENER_POLICY)
      .header('Cache-Control', 'no-store')
      .redirect(url, 302);
  }

  @Public()
  @Get('google/callback')
  async callback(
    @Query() query: GoogleCallbackQuery,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const result = await this.google.finish(query, req.cookies[GOOGLE_STATE_COOKIE]);
    void reply.header(...OPENER_POLICY).header('Cache-Control', 'no-store');
    if (result.kind === 'redirect') {
      return reply
        .clearCookie(GOOGLE_STATE_COOKIE, clearedStateCookieOptions(this.config.appOrigin))
        .redirect(result.url, 302);
    }
    // The used state gives way to the secret the code is bound to; the exchange clears it.
    await reply
      .setCookie(GOOGLE_STATE_COOKIE, result.binding, stateCookieOptions(this.config.appOrigin))
      .type('text/html; charset=utf-8')
      .send(result.html);
  }

  /**
   * The one-time code of /auth/callback?token=… (or of the popup) for a session (docs/api.md,
   * "Google sign-in").
   */
  @Public()
  @Post('google/exchange')
  @HttpCode(200)
  async exchange(
    @Body(new ZodValidationPipe(googleExchangeSchema)) body: GoogleExchangeInput,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignInAnswer> {
    const result = await this.google.exchange(body.code, req.cookies[GOOGLE_STATE_COOKIE], requestMeta(req));
    void reply
      .clearCookie(GOOGLE_STATE_COOKIE, clearedStateCookieOptions(this.config.appOrigin))
      .header('Cache-Control', 'no-store');
    return result;
  }

  /** The popup page's script (the CSP allows no inline script). */
  @Public()
  @Get('google/popup.js')
  async popupScript(@Res() reply: FastifyReply): Promise<void> {
    await reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(POPUP_SCRIPT);
  }
}
