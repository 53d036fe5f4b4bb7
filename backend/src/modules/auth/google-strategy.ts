import { Strategy, type Profile } from 'passport-google-oauth20';
import type { AppConfig } from '../../common/config/app-config';

export type GoogleConfig = NonNullable<AppConfig['google']>;

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
/** A provider that neither answers nor refuses must not leave the popup spinning for ever. */
const PROVIDER_TIMEOUT_MS = 15_000;

/** passport-google-oauth20 against GOOGLE_AUTH_URL / GOOGLE_TOKEN_URL / GOOGLE_USERINFO_URL. */
export function createGoogleStrategy(google: GoogleConfig, appOrigin: string): Strategy {
  return new Strategy(
    {
      clientID: google.clientId,
      clientSecret: google.clientSecret,
      authorizationURL: google.authUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      callbackURL: `${appOrigin}${GOOGLE_CALLBACK_PATH}`,
      scope: ['profile', 'email'],
    },
    // The profile goes out as it came; finding, linking or creating the user is GoogleAuthService's.
    (_accessToken, _refreshToken, profile, done) => done(null, profile),
  );
}

export type StrategyOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'profile'; profile: Profile }
  | { kind: 'refused' }
  | { kind: 'error'; error: unknown };

/** What passport-oauth2 reads from a request: the query (code, state, error) and nothing else. */
export interface StrategyRequest {
  query: unknown;
}

/**
 * The bridge between passport and Fastify (nestjs/nest#5702). Passport's own middleware ends an
 * Express response with `res.setHeader`/`res.end`, which a Fastify reply lacks. Instead, as
 * passport's `authenticate()` does internally, the strategy runs on a per-request copy whose
 * actions (redirect, success, fail, error, pass) settle a promise; the controller answers with the
 * Fastify reply. No Express shim, and no `@nestjs/passport` guard that would need one.
 */
export function runStrategy(
  strategy: Strategy,
  req: StrategyRequest,
  options: Record<string, unknown>,
): Promise<StrategyOutcome> {
  return new Promise<StrategyOutcome>((resolve) => {
    const timer = setTimeout(
      () => resolve({ kind: 'error', error: new Error('Google did not answer in time') }),
      PROVIDER_TIMEOUT_MS,
    );
    const settle = (outcome: StrategyOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    const run = Object.assign(Object.create(strategy) as Strategy, {
      redirect: (url: string) => settle({ kind: 'redirect', url }),
      success: (profile: Profile) => settle({ kind: 'profile', profile }),
      fail: () => settle({ kind: 'refused' }),
      error: (error: unknown) => settle({ kind: 'error', error }),
      pass: () => settle({ kind: 'error', error: new Error('The Google strategy made no decision') }),
    });
    try {
      run.authenticate(req as Parameters<Strategy['authenticate']>[0], options);
    } catch (error) {
      settle({ kind: 'error', error });
    }
  });
}
