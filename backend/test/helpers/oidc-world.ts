import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { AppConfig } from '../../src/common/config/app-config';

export interface OidcProviderProcess {
  issuer: string;
  clientId: string;
  clientSecret: string;
  config(overrides?: Partial<NonNullable<AppConfig['oidc']>>): NonNullable<AppConfig['oidc']>;
  stop(): Promise<void>;
}

/** The test provider (test/helpers/oidc-provider.mjs) in a child process: it is an ES module only. */
export async function startProviderProcess(redirectUri: string): Promise<OidcProviderProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider.mjs'), redirectUri], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the OIDC provider exited (${code})`)));
  });
  const started = JSON.parse(line) as { issuer: string; clientId: string; clientSecret: string };
  return {
    ...started,
    config: (overrides = {}) => ({
      issuer: started.issuer,
      clientId: started.clientId,
      clientSecret: started.clientSecret,
      name: 'Campus SSO',
      scopes: 'openid email profile',
      allowHttp: true,
      ...overrides,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A person at the provider: follows its redirects, signs in at its login form with `login` and
 * approves the consent form, keeping the provider's cookies like a browser; answers where the
 * provider sends the browser back (the app's callback, with `code`, `state` and `iss`).
 */
export async function atProvider(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizeUrl).origin;
  let url = authorizeUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
