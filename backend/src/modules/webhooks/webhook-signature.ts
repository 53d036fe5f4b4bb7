import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@papan/shared';

/** A new signing key: 32 random bytes, kept as base64; the owner sees it once as `whsec_…`. */
export function newSigningKey(): { key: string; secret: string } {
  const key = randomBytes(32).toString('base64');
  return { key, secret: WEBHOOK_SECRET_PREFIX + key };
}

/** The Standard Webhooks headers of one send: `v1,` + base64 HMAC-SHA256 of `<id>.<timestamp>.<body>`. */
export function signedHeaders(
  id: string,
  body: string,
  key: string,
  at = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000).toString();
  const signature = createHmac('sha256', Buffer.from(key, 'base64'))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
