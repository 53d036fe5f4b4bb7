import { createServer } from 'node:net';
import { OAuth2Server, type MutableRedirectUri, type MutableResponse } from 'oauth2-mock-server';
import type { LoginResult } from '@papan/shared';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { AppConfig } from '../../src/common/config/app-config';
import type { TestApp } from '../helpers/test-app';

export type GoogleConfig = NonNullable<AppConfig['google']>;

/** What Google's userinfo endpoint answers for the person at the consent screen. */
export interface GooglePerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OAuth 2 / OpenID server on the loopback (oauth2-mock-server) standing in for Google:
 * its consent screen approves at once; `person` is who signs in, `onAuthorize`/`onToken` bend answers.
 */
export class FakeGoogle {
  person: GooglePerson = { sub: 'google-0' };
  onAuthorize: ((redirect: URL) => void) | null = null;
  onToken: ((response: MutableResponse) => void) | null = null;
  tokenRequests = 0;

  private constructor(private readonly server: OAuth2Server) {
    server.service.on('beforeUserinfo', (res: MutableResponse) => {
      res.body = { ...this.person };
    });
    server.service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) =>
      this.onAuthorize?.(redirect.url),
    );
    server.service.on('beforeResponse', (res: MutableResponse) => {
      this.tokenRequests++;
      this.onToken?.(res);
    });
  }

  static async start(): Promise<FakeGoogle> {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    return new FakeGoogle(server);
  }

  get url(): string {
    return this.server.issuer.url!;
  }

  config(overrides: Partial<GoogleConfig> = {}): GoogleConfig {
    return {
      clientId: 'papan-test-client',
      clientSecret: 'papan-test-secret',
      authUrl: `${this.url}/authorize`,
      tokenUrl: `${this.url}/token`,
      userInfoUrl: `${this.url}/userinfo`,
      ...overrides,
    };
  }

  reset(): void {
    this.onAuthorize = null;
    this.onToken = null;
    this.tokenRequests = 0;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

/** A browser: its own cookie jar on the app. */
export function browser(t: TestApp): TestAgent {
  return request.agent(t.app.getHttpServer());
}

/** The consent screen: follows Google's authorize URL and answers where it sends the browser back. */
export async function consent(authorizeUrl: string): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`consent screen answered ${res.status}`);
  return new URL(res.headers.get('location')!);
}

/** Start → consent → callback, as the popup goes; answers the callback's response. */
export async function signInWithGoogle(agent: TestAgent) {
  const start = await agent.get('/api/auth/google');
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const back = await consent(start.headers.location);
  return agent.get(`${back.pathname}${back.search}`);
}

/**
 * What the popup posts to window.opener (docs/api.md, "Google sign-in"), once its script has
 * exchanged the page's code.
 */
export interface PopupMessage {
  type: string;
  token: string;
  user: LoginResult;
}

/** The one-time code the callback page holds (never a session token). */
export function pageCode(html: string): string {
  const code = attribute(html, 'data-code');
  if (!code) throw new Error(`no sign-in code in: ${html}`);
  return code;
}

/** What the popup's script does with the page: exchanges its code in this browser, posts the result. */
export async function popupMessage(agent: TestAgent, html: string): Promise<PopupMessage> {
  const res = await agent.post('/api/auth/google/exchange').send({ code: pageCode(html) });
  if (res.status !== 200) throw new Error(`exchange answered ${res.status} ${JSON.stringify(res.body)}`);
  const { token, ...user } = res.body as LoginResult;
  return { type: 'GOOGLE_AUTH_SUCCESS', token, user: user as LoginResult };
}

/** A whole sign-in in one new browser: start → consent → callback → the popup's exchange. */
export async function completeSignIn(t: TestApp): Promise<PopupMessage> {
  const agent = browser(t);
  return popupMessage(agent, (await signInWithGoogle(agent)).text);
}

export function attribute(html: string, name: string): string | null {
  const match = new RegExp(`${name}="([^"]*)"`).exec(html);
  return match ? unescapeAttribute(match[1]) : null;
}

function unescapeAttribute(value: string): string {
  const entities: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" };
  return value.replace(/&(quot|amp|lt|gt|#39);/g, (_, name: string) => entities[name]);
}

/** A loopback port nobody listens on: a provider that is down. */
export function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error())));
    });
  });
}
