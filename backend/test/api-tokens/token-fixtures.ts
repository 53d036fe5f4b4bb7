import type { CreateApiTokenInput, CreatedApiToken } from '@papan/shared';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/** Creates a token through the API and answers it with a ready `Authorization` header. */
export async function createToken(
  t: TestApp,
  user: TestUser,
  body: Partial<CreateApiTokenInput> = {},
): Promise<CreatedApiToken & { auth: { Authorization: string } }> {
  const res = await t.http
    .post('/api/tokens')
    .set(user.auth)
    .send({ name: 'Dashboard', scopes: ['boards:read'], ...body });
  if (res.status !== 201) throw new Error(`create token failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body as CreatedApiToken), auth: { Authorization: `Bearer ${res.body.token}` } };
}
