import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetRefused, UNREACHABLE } from './webhook-target';
import { signedHeaders } from './webhook-signature';

/** What one attempt came to, as the delivery log keeps it. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface SendRequest {
  url: string;
  /** The body's `id`, sent as `webhook-id`. */
  id: string;
  body: string;
  /** The signing key, base64. */
  key: string;
  timeoutMs: number;
  allowPrivate: boolean;
}

const MAX_ERROR = 500;

/** The receiver did not answer in time (our own message, no address in it). */
class NoAnswer extends Error {}

/**
 * One signed POST (docs/realtime.md, "Webhooks"). The target is resolved and checked first and the
 * connection goes to that address (a fixed `lookup`); TLS still verifies the certificate against
 * the host name. Redirects are not followed: a 3xx is a failure like any other non-2xx.
 */
export async function sendWebhook(req: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendResult => ({
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    error: error && error.slice(0, MAX_ERROR),
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const url = new URL(req.url);
    const target = await resolveTarget(url, req.allowPrivate);
    const pinned: LookupFunction = (_host, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    };
    const status = await post(url, pinned, req);
    return done(status, status >= 200 && status < 300 ? null : `HTTP ${status}`);
  } catch (err) {
    if (err instanceof TargetRefused || err instanceof NoAnswer) return done(null, err.message);
    return done(null, failureOf(err as NodeJS.ErrnoException));
  }
}

/**
 * A failed connection as the owner may read it: Node's messages name the address connected to
 * (`connect ECONNREFUSED 10.0.0.5:80`), so only a TLS error code is passed on, which
 * helps fix the receiver and says nothing of the network (docs/api.md, webhooks).
 */
function failureOf(err: NodeJS.ErrnoException): string {
  const code = err.code ?? '';
  if (/CERT|TLS|SSL/.test(code)) return `TLS handshake failed (${code})`;
  return UNREACHABLE;
}

function post(url: URL, lookup: LookupFunction, req: SendRequest): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(url, {
      method: 'POST',
      lookup,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Papan-Webhooks/1',
        ...signedHeaders(req.id, req.body, req.key),
      },
    });
    const timer = setTimeout(
      () => outgoing.destroy(new NoAnswer(`No answer within ${req.timeoutMs / 1000} s`)),
      req.timeoutMs,
    );
    outgoing.on('response', (res: IncomingMessage) => {
      clearTimeout(timer);
      // The answer's body is not read: closing now means an endless one cannot hold the socket.
      res.on('error', () => undefined);
      res.destroy();
      resolve(res.statusCode ?? 0);
    });
    outgoing.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    outgoing.end(req.body);
  });
}
