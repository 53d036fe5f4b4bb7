import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { GOOGLE_AUTH_SUCCESS, type AuthProviders, type GoogleAuthError } from '@papan/shared';
import type { Strategy } from 'passport-google-oauth20';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { AuthService } from './auth.service';
import { GoogleAccountsService, identityOf } from './google-accounts.service';
import { renderPopupPage } from './google-popup-page';
import { newGoogleState, stateMatches } from './google-state';
import { createGoogleStrategy, runStrategy } from './google-strategy';

export const GOOGLE_NOT_CONFIGURED =
  'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set)';

export interface GoogleCallbackQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/** How the callback ends: the popup page, or /login?error=… on the app. */
export type GoogleCallbackResult = { kind: 'page'; html: string } | { kind: 'redirect'; url: string };

/** The OAuth 2 authorization-code flow of SPEC §7 `GET /api/auth/google`, end to end. */
@Injectable()
export class GoogleAuthService {
  private readonly logger = new Logger('GoogleAuth');
  private readonly strategy: Strategy | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: GoogleAccountsService,
    private readonly auth: AuthService,
  ) {
    this.strategy = config.google ? createGoogleStrategy(config.google, config.appOrigin) : null;
  }

  providers(): AuthProviders {
    return { google: this.strategy !== null, allowedOrigins: this.config.allowedOrigins };
  }

  /** A fresh state and the address of Google's consent screen carrying it. */
  async start(): Promise<{ state: string; url: string }> {
    const strategy = this.requireStrategy();
    const state = newGoogleState();
    // Never the caller's query: passport would treat `?code=` or `?error=` as a callback.
    const outcome = await runStrategy(strategy, { query: {} }, { state, prompt: 'select_account' });
    if (outcome.kind !== 'redirect') throw new Error(`Google sign-in could not start (${outcome.kind})`);
    return { state, url: outcome.url };
  }

  /** Never throws past the 503: every failure ends on /login with a reason, never on an error page. */
  async finish(
    query: GoogleCallbackQuery,
    expectedState: string | undefined,
    meta: RequestMeta,
  ): Promise<GoogleCallbackResult> {
    const strategy = this.requireStrategy();
    if (query.error !== undefined) {
      return this.toLogin(query.error === 'access_denied' ? 'google_denied' : 'google_failed');
    }
    if (!stateMatches(expectedState, query.state)) {
      this.logger.warn('Google callback refused: state missing or not the one this browser started with');
      return this.toLogin('google_failed');
    }
    if (typeof query.code !== 'string' || !query.code) return this.toLogin('google_failed');
    try {
      const outcome = await runStrategy(strategy, { query }, {});
      if (outcome.kind === 'refused') return this.toLogin('google_denied');
      if (outcome.kind !== 'profile') {
        const reason = outcome.kind === 'error' ? describeFailure(outcome.error) : outcome.kind;
        this.logger.warn(`Google sign-in failed: ${reason}`);
        return this.toLogin('google_failed');
      }
      const user = await this.accounts.resolve(identityOf(outcome.profile));
      if (typeof user === 'string') return this.toLogin(user);
      const { token, ...view } = await this.auth.startSession(user, meta);
      const html = renderPopupPage({
        message: { type: GOOGLE_AUTH_SUCCESS, token, user: view },
        targetOrigin: this.config.appOrigin,
        fallbackUrl: `${this.config.appOrigin}/auth/callback?token=${encodeURIComponent(token)}`,
      });
      return { kind: 'page', html };
    } catch (err) {
      this.logger.error('Google sign-in failed', err instanceof Error ? err.stack : String(err));
      return this.toLogin('google_failed');
    }
  }

  private requireStrategy(): Strategy {
    if (!this.strategy) throw new ServiceUnavailableException(GOOGLE_NOT_CONFIGURED);
    return this.strategy;
  }

  private toLogin(error: GoogleAuthError): GoogleCallbackResult {
    return { kind: 'redirect', url: `${this.config.appOrigin}/login?error=${error}` };
  }
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // passport-oauth2's InternalOAuthError keeps the provider's answer (or the socket error) in `oauthError`.
  const cause = (error as { oauthError?: { message?: string; statusCode?: number; data?: unknown } })
    .oauthError;
  if (!cause) return error.message;
  const detail = cause.message ?? (cause.statusCode ? `HTTP ${cause.statusCode}` : String(cause.data));
  return `${error.message}: ${detail}`;
}
