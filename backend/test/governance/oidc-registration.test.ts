import { eq } from 'drizzle-orm';
import request from 'supertest';
import { instanceSettings, users } from '../../src/database/schema';
import { RegistrationPolicy } from '../../src/modules/instance-settings/registration-policy';
import { uniqueEmail } from '../helpers/factories';
import { atProvider, startProviderProcess, type OidcProviderProcess } from '../helpers/oidc-world';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { SETTINGS_OPEN } from './governance-fixtures';

const APP_ORIGIN = 'http://papan.test';

describe(`${RegistrationPolicy.name} on single sign-on`, () => {
  let provider: OidcProviderProcess;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startProviderProcess(`${APP_ORIGIN}/api/auth/oidc/callback`);
    t = await startTestApp({ appOrigin: APP_ORIGIN, oidc: provider.config() });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
  afterEach(async () => {
    await t.db.update(instanceSettings).set(SETTINGS_OPEN).where(eq(instanceSettings.id, 1));
  });

  /** Start → the provider → the app's callback; answers where the callback sends the browser. */
  async function signIn(login: string): Promise<URL> {
    const agent = request.agent(t.app.getHttpServer());
    const start = await agent.get('/api/auth/oidc');
    const back = await atProvider(start.headers.location, login);
    const callback = await agent.get(`${back.pathname}${back.search}`);
    expect(callback.status).toBe(302);
    return new URL(callback.headers.location);
  }
  const accounts = (email: string) => t.db.select().from(users).where(eq(users.email, email));
  const set = (changes: Partial<typeof SETTINGS_OPEN>) =>
    t.db
      .update(instanceSettings)
      .set({ ...SETTINGS_OPEN, ...changes })
      .where(eq(instanceSettings.id, 1));

  it.each([
    ['closed', { registration: 'closed' as const }],
    ['invite only, not invited', { registration: 'invite' as const }],
    ['another domain', { allowedEmailDomains: ['campus.ac.id'] }],
  ])('%s: creates no account and says why on /login', async (_, changes) => {
    await set(changes);
    const email = uniqueEmail('sso');
    const landing = await signIn(email);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${APP_ORIGIN}/login`);
    expect(landing.searchParams.get('error')).toBe('oidc_registration_refused');
    expect(await accounts(email)).toEqual([]);
  });

  it('open, or an allowed domain: the account is made', async () => {
    await set({ allowedEmailDomains: ['campus.ac.id'] });
    const email = `sso-${Date.now()}@campus.ac.id`;
    const landing = await signIn(email);
    expect(landing.pathname).toBe('/auth/callback');
    expect(await accounts(email)).toHaveLength(1);
  });
});
