import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import type { AppConfig } from '../config/app-config';
import { requestId } from './request-id';

/** Probes every few seconds would drown the log. */
const QUIET_PATHS = new Set(['/api/health', '/api/metrics']);

/**
 * Structured JSON logs (pino) at LOG_LEVEL: one line per request with its id, method, path,
 * status and duration, and Nest's own messages (bootstrap.ts). Written to stdout unless a
 * destination is given (tests read the lines).
 */
export function loggerParams(config: AppConfig, destination?: DestinationStream): Params {
  const options: Options = {
    level: config.logLevel,
    ...(config.instanceId ? { base: { pid: process.pid, instance: config.instanceId } } : {}),
    // Fastify has already given the request its id (bootstrap.ts); this is the fallback.
    genReqId: (req) => req.id ?? requestId(req),
    // Middleware sees the URL below its mount point; originalUrl is the whole one.
    autoLogging: {
      ignore: (req) => QUIET_PATHS.has(pathOf((req as { originalUrl?: string }).originalUrl ?? req.url)),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Paths only: query strings may carry one-time codes (Google sign-in); never tokens or cookies.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: pathOf(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
  return { pinoHttp: destination ? [options, destination] : options };
}

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?')[0];
}
