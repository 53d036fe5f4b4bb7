// A webhook receiver that checks Papan's Standard Webhooks signature (docs/realtime.md, "Webhooks").
// Usage: WEBHOOK_SECRET=whsec_… node webhook-receiver.mjs   (listens on PORT, default 8080)
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const key = Buffer.from(String(process.env.WEBHOOK_SECRET).replace(/^whsec_/, ''), 'base64');

/** True when one of the `v1,<base64>` signatures is HMAC-SHA256 of "<id>.<timestamp>.<body>". */
function verified(headers, body) {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  if (!id || !Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .map((s) => Buffer.from(s.replace(/^v1,/, ''), 'base64'))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (!verified(req.headers, body)) return res.writeHead(401).end();
    const event = JSON.parse(body);
    console.log(`${event.type} on ${event.boardId} (v${event.version}), delivery ${event.id}`);
    res.writeHead(204).end();
  });
}).listen(Number(process.env.PORT ?? 8080));
