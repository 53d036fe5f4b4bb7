import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { resolveTarget, TargetRefused } from './webhook-target';
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

/**
 * One signed POST (§10.4). The target is resolved and checked first and the connection goes to
 * that address (a fixed `lookup`); TLS still verifies the certificate against the host name.
 * Redirects are not followed: a 3xx is a failure like any other non-2xx.
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
    if (err instanceof TargetRefused) return done(null, err.message);
    const e = err as NodeJS.ErrnoException;
    return done(null, e.code ? `${e.message} (${e.code})` : e.message);
  }
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
      () => outgoing.destroy(new Error(`No answer within ${req.timeoutMs / 1000} s`)),
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
