import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { LINK_TTL_SECONDS, type AuthProviders, type GoogleAuthError, type SignInAnswer } from '@papan/shared';
import type { Strategy } from 'passport-google-oauth20';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { AuthService } from './auth.service';
import { UsersRepository } from '../users/users.repository';
import { GoogleAccountsService, identityOf } from './google-accounts.service';
import { GoogleSignInCodesRepository } from './google-sign-in-codes.repository';
import { hashLinkSecret, newLinkSecret } from './link-secrets';
import { renderPopupPage } from './google-popup-page';
import { newGoogleState, stateMatches } from './google-state';
import { createGoogleStrategy, runStrategy } from './google-strategy';

export const GOOGLE_NOT_CONFIGURED =
  'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set)';

export const CODE_INVALID =
  'This sign-in link is invalid or has expired, or was started in another browser. Please sign in again.';

export interface GoogleCallbackQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/** How the callback ends: the popup page, or /login?error=… on the app. */
export type GoogleCallbackResult =
  { kind: 'page'; html: string; binding: string } | { kind: 'redirect'; url: string };

/**
 * The OAuth 2 authorization-code flow of `GET /api/auth/google` (docs/api.md, "Google sign-in"),
 * end to end.
 */
@Injectable()
export class GoogleAuthService {
  private readonly logger = new Logger('GoogleAuth');
  private readonly strategy: Strategy | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: GoogleAccountsService,
    private readonly auth: AuthService,
    private readonly codes: GoogleSignInCodesRepository,
    private readonly users: UsersRepository,
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
  async finish(query: GoogleCallbackQuery, expectedState: string | undefined): Promise<GoogleCallbackResult> {
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
      // No session token ever travels in a page or an address: a one-time code bound to this
      // browser's state, exchanged by the popup (or by /auth/callback without one).
      // The state is used up here; the browser gets a fresh secret in its place, which the code is
      // bound to, so a replayed callback fails and only this browser can exchange the code.
      const { secret, hash } = newLinkSecret();
      const binding = newGoogleState();
      await this.codes.insert(hash, user.id, hashLinkSecret(binding), LINK_TTL_SECONDS.googleCode);
      const html = renderPopupPage({
        code: secret,
        targetOrigin: this.config.appOrigin,
        fallbackUrl: `${this.config.appOrigin}/auth/callback?token=${secret}`,
        failureUrl: `${this.config.appOrigin}/login?error=google_failed`,
      });
      return { kind: 'page', html, binding };
    } catch (err) {
      this.logger.error('Google sign-in failed', err instanceof Error ? err.stack : String(err));
      return this.toLogin('google_failed');
    }
  }

  /**
   * POST /api/auth/google/exchange: the code of a finished sign-in, from the browser holding the
   * sign-in's state cookie, for a login session. A code from anyone else's sign-in (a link someone
   * was sent) signs nobody in: login CSRF needs the victim's browser to hold the attacker's state.
   */
  async exchange(code: string, state: string | undefined, meta: RequestMeta): Promise<SignInAnswer> {
    // No strategy needed: without Google sign-in configured there is no code to exchange (400).
    const userId = state ? await this.codes.consume(hashLinkSecret(code), hashLinkSecret(state)) : null;
    const user = userId && (await this.users.findById(userId));
    if (!user) throw new BadRequestException(CODE_INVALID);
    // An account with two-factor sign-in answers its challenge here, never a token.
    return this.auth.signIn(user, 'google', meta);
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
