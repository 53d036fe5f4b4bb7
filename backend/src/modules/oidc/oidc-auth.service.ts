import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { LINK_TTL_SECONDS, type OidcAuthError, type SignInAnswer } from '@papan/shared';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { RequestMeta } from '../../common/request-meta';
import { AuthService } from '../auth/auth.service';
import { GoogleSignInCodesRepository } from '../auth/google-sign-in-codes.repository';
import { hashLinkSecret, newLinkSecret } from '../auth/link-secrets';
import { UsersRepository } from '../users/users.repository';
import { OidcAccountsService } from './oidc-accounts.service';
import { OIDC_NOT_CONFIGURED, OidcClient } from './oidc-client';
import { newFlow, readFlow, safeReturnPath, stateMatches } from './oidc-flow';

export const OIDC_CODE_INVALID =
  'This sign-in link is invalid or has expired, or was started in another browser. Please sign in again.';

export interface OidcCallbackQuery {
  code?: unknown;
  state?: unknown;
  error?: unknown;
}

/** How the callback ends: always a redirect into the app, with what the browser must keep. */
export interface OidcCallbackResult {
  url: string;
  /** The secret the one-time code is bound to (cookie until the exchange). */
  binding?: string;
  /** A pending link's token (cookie until the next password sign-in). */
  linkToken?: string;
}

/**
 * Single sign-on with any OpenID Connect provider (docs/api.md, "Single sign-on"), end to end:
 * start, callback, and the exchange of the one-time code it ends with — the same ending as
 * Google's (docs/api.md, "Google sign-in"), including its table of one-time codes.
 */
@Injectable()
export class OidcAuthService {
  private readonly logger = new Logger('OidcSignIn');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oidc: OidcClient,
    private readonly accounts: OidcAccountsService,
    private readonly auth: AuthService,
    private readonly codes: GoogleSignInCodesRepository,
    private readonly users: UsersRepository,
  ) {}

  /** The flow's cookie and the provider's address carrying its state, nonce and PKCE challenge. */
  async start(returnTo: unknown): Promise<{ cookie: string; url: string }> {
    if (!this.oidc.enabled) throw new ServiceUnavailableException(OIDC_NOT_CONFIGURED);
    const flow = newFlow(safeReturnPath(returnTo));
    return { cookie: flow.cookie, url: await this.oidc.authorizationUrl(flow) };
  }

  /** Never throws past the 503: every failure ends on /login with a reason, never with a session. */
  async finish(
    query: OidcCallbackQuery,
    rawUrl: string,
    flowCookie: string | undefined,
    meta: RequestMeta,
  ): Promise<OidcCallbackResult> {
    if (!this.oidc.enabled) throw new ServiceUnavailableException(OIDC_NOT_CONFIGURED);
    if (query.error !== undefined)
      return this.toLogin(query.error === 'access_denied' ? 'oidc_denied' : 'oidc_failed');
    const flow = readFlow(flowCookie);
    if (!stateMatches(flow, query.state)) {
      this.logger.warn(
        'Single sign-on callback refused: state missing, expired or not the one this browser started',
      );
      return this.toLogin('oidc_failed');
    }
    try {
      // The registered redirect URI with the provider's answer: never a host the request named.
      const callbackUrl = new URL(this.oidc.redirectUri);
      callbackUrl.search = new URL(rawUrl, this.config.appOrigin).search;
      const identity = await this.oidc.redeem(callbackUrl, flow!);
      const resolution = await this.accounts.resolve(identity, meta);
      if (resolution.kind === 'refused') return this.toLogin(resolution.error);
      if (resolution.kind === 'pending')
        return { ...this.toLogin('oidc_link_pending'), linkToken: resolution.token };
      // As Google's: a one-time code bound to a fresh secret this browser holds, never a token.
      const { secret, hash } = newLinkSecret();
      const binding = newLinkSecret().secret;
      await this.codes.insert(hash, resolution.user.id, hashLinkSecret(binding), LINK_TTL_SECONDS.googleCode);
      const next = flow!.returnTo === '/' ? '' : `&next=${encodeURIComponent(flow!.returnTo)}`;
      return { url: `${this.config.appOrigin}/auth/callback?provider=oidc&token=${secret}${next}`, binding };
    } catch (err) {
      this.logger.warn(`Single sign-on failed: ${err instanceof Error ? err.message : String(err)}`);
      return this.toLogin('oidc_failed');
    }
  }

  /** POST /api/auth/oidc/exchange: the code, from the browser holding its binding, for a sign-in. */
  async exchange(code: string, binding: string | undefined, meta: RequestMeta): Promise<SignInAnswer> {
    const userId = binding ? await this.codes.consume(hashLinkSecret(code), hashLinkSecret(binding)) : null;
    const user = userId && (await this.users.findById(userId));
    if (!user) throw new BadRequestException(OIDC_CODE_INVALID);
    // An account with two-factor sign-in answers its challenge here, never a token.
    return this.auth.signIn(user, 'oidc', meta);
  }

  private toLogin(error: OidcAuthError): OidcCallbackResult {
    return { url: `${this.config.appOrigin}/login?error=${error}` };
  }
}
