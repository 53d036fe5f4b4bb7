// @ts-check
// A real OpenID Connect provider for tests (oidc-provider, panva), on the loopback and a free
// port. It is an ES module only, so backend suites run it as a child process (`node
// oidc-provider.mjs` prints `{"issuer": …}` on its first line); the browser journeys import it.
// Anyone may sign in with any login at its own login form (devInteractions), and the login says
// who they are (docs/security.md, "Single sign-on"):
//   `siti@example.com`               sub `siti@example.com` (the login), that address, email_verified true
//   `unverified:siti@example.com`    the same address, email_verified false (another sub)
//   `noemail:siti`                   no address at all
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import Provider from 'oidc-provider';

/**
 * @param {string} accountId the login typed at the provider's form
 * @returns {{ sub: string, [claim: string]: unknown }}
 */
export function claimsOf(accountId) {
  const [kind, rest] = accountId.includes(':') ? accountId.split(/:(.*)/s) : ['verified', accountId];
  const name = (rest.split('@')[0] || 'someone').replace(/[._-]+/g, ' ');
  const claims = { sub: accountId, name: name.replace(/\b\w/g, (c) => c.toUpperCase()) };
  if (kind === 'noemail') return claims;
  return { ...claims, email: rest, email_verified: kind !== 'unverified' };
}

/**
 * @param {{ redirectUris: string[], clientId?: string, clientSecret?: string }} options
 * @returns {Promise<{ issuer: string, clientId: string, clientSecret: string, close(): Promise<void> }>}
 */
export async function startOidcProvider({
  redirectUris,
  clientId = 'papan-test-client',
  clientSecret = 'papan-test-client-secret-0123456789',
}) {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const issuer = `http://127.0.0.1:${address.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // Every authorization request must carry a PKCE challenge (S256).
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['papan-test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => claimsOf(id) }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const redirectUris = process.argv.slice(2);
  const started = await startOidcProvider({ redirectUris });
  process.stdout.write(
    `${JSON.stringify({ issuer: started.issuer, clientId: started.clientId, clientSecret: started.clientSecret })}\n`,
  );
  const stop = () => void started.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The test process gone: nothing is left behind.
  process.stdin.on('end', stop);
  process.stdin.resume();
}
