import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { LIMITS } from '@papan/shared';
import * as client from 'openid-client';
import type { AppConfig } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import type { OidcFlow } from './oidc-flow';

export const OIDC_NOT_CONFIGURED =
  'Single sign-on is not configured on this server (OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are not set)';
export const OIDC_UNREACHABLE =
  'The single sign-on provider cannot be reached right now. Please try again later.';

/** Seconds to wait for the provider's discovery document, token and userinfo answers. */
const PROVIDER_TIMEOUT_SECONDS = 15;

/** What Papan takes from the provider: its `(iss, sub)`, the e-mail and whether it vouches for it. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/**
 * The OpenID Connect relying party (openid-client): the provider found by discovery at
 * OIDC_ISSUER (once, then kept), the authorization request with PKCE, state and nonce, and the
 * code's redemption with every check the library makes (state, nonce, PKCE, iss, the ID token's
 * signature, audience and expiry).
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger('OidcSignIn');
  private discovered: Promise<client.Configuration> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.oidc !== null;
  }

  get name(): string {
    return this.config.oidc?.name ?? '';
  }

  get redirectUri(): string {
    return `${this.config.appOrigin}/api/auth/oidc/callback`;
  }

  async authorizationUrl(flow: OidcFlow): Promise<string> {
    const configuration = await this.configuration();
    return client
      .buildAuthorizationUrl(configuration, {
        redirect_uri: this.redirectUri,
        scope: this.config.oidc!.scopes,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /** Redeems the callback's code; throws when any check fails. */
  async redeem(callbackUrl: URL, flow: OidcFlow): Promise<OidcIdentity> {
    const configuration = await this.configuration();
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    let claims: Record<string, unknown> = { ...idClaims };
    // Many providers put the e-mail only in the userinfo answer (its `sub` must match).
    if (configuration.serverMetadata().userinfo_endpoint) {
      claims = {
        ...(await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)),
        ...idClaims,
      };
    }
    const rawEmail = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const email = rawEmail && rawEmail.length <= LIMITS.email && rawEmail.includes('@') ? rawEmail : null;
    const name = [claims.name, claims.preferred_username, email?.split('@')[0]].find(
      (v): v is string => typeof v === 'string' && v.trim() !== '',
    );
    return {
      issuer: idClaims.iss,
      subject: idClaims.sub,
      email,
      // Only a boolean true counts (docs/security.md, "Single sign-on").
      emailVerified: claims.email_verified === true,
      name: (name ?? 'User').trim().slice(0, LIMITS.name),
    };
  }

  private configuration(): Promise<client.Configuration> {
    const oidc = this.config.oidc;
    if (!oidc) throw new ServiceUnavailableException(OIDC_NOT_CONFIGURED);
    this.discovered ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        undefined,
        client.ClientSecretBasic(oidc.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // openid-client refuses http:// unless told; only a provider on this machine or a test's.
          execute: oidc.allowHttp ? [client.allowInsecureRequests] : [],
        },
      )
      .then((configuration) => {
        configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
        return configuration;
      })
      .catch((err: unknown) => {
        // Tried again at the next sign-in.
        this.discovered = null;
        this.logger.error(
          `OpenID discovery at ${oidc.issuer} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
        throw new ServiceUnavailableException(OIDC_UNREACHABLE);
      });
    return this.discovered;
  }
}
