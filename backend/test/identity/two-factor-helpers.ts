import type TestAgent from 'supertest/lib/agent';
import { totpCode } from '../../src/modules/two-factor/totp';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/** The code an authenticator app shows `steps` 30-second steps from now (one step of drift is accepted). */
export const codeAt = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * 30_000);

/**
 * Turns 2FA on for `user` through the API, with the code of the step before this one, so the
 * current and the next step's codes are still unused for the test's sign-ins.
 */
export async function enableTwoFactor(
  t: TestApp,
  user: TestUser,
): Promise<{ secret: string; otpauthUrl: string; recoveryCodes: string[] }> {
  const setup = await t.http.post('/api/account/2fa/setup').set(user.auth);
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status} ${JSON.stringify(setup.body)}`);
  const enable = await t.http
    .post('/api/account/2fa/enable')
    .set(user.auth)
    .send({ code: codeAt(setup.body.secret, -1) });
  if (enable.status !== 200)
    throw new Error(`enable answered ${enable.status} ${JSON.stringify(enable.body)}`);
  return { ...setup.body, recoveryCodes: enable.body.recoveryCodes };
}

/** The password step of a sign-in of an account with 2FA: answers its challenge. */
export async function passwordStep(
  agent: TestAgent,
  user: { email: string; password: string },
): Promise<string> {
  const res = await agent.post('/api/auth/login').send({ email: user.email, password: user.password });
  if (res.status !== 200 || res.body.twoFactorRequired !== true) {
    throw new Error(`login answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.challenge as string;
}
