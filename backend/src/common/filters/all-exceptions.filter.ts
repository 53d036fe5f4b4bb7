import { STATUS_CODES } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@papan/shared';
import { RateLimitedException } from '../errors';
import { isDatabaseUnavailable } from '../../database/database';

/** What a client is told while the database cannot be reached; it may retry after a moment. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable; try again in a moment';
const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The one place errors become answers: `{statusCode, error, message}` (docs/api.md, "Errors").
 * An unknown non-API GET is a client route of the single-page app and gets index.html.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  private readonly spaIndex: string | null;

  constructor(frontendDist: string | null) {
    this.spaIndex = frontendDist && existsSync(join(frontendDist, 'index.html')) ? frontendDist : null;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') return;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const status = statusOf(exception);

    if (status === 404 && this.isSpaRoute(request)) {
      void reply.type('text/html').sendFile('index.html', this.spaIndex!);
      return;
    }
    const body: ErrorBody = {
      statusCode: status,
      error: STATUS_CODES[status] ?? 'Error',
      message: messageOf(exception, status),
    };
    const extra = exception instanceof HttpException ? exception.getResponse() : null;
    if (extra && typeof extra === 'object' && typeof (extra as { msg?: unknown }).msg === 'string') {
      body.msg = (extra as { msg: string }).msg;
    }
    // A refusal that the browser acts on names itself (`two_factor_setup_required`, `registration_closed`).
    if (extra && typeof extra === 'object' && typeof (extra as { code?: unknown }).code === 'string') {
      body.code = (extra as { code: string }).code;
    }
    // A 410 from the event log says which version to read the board at; a forecast's 422, how many
    // days of history it looked at.
    for (const key of ['version', 'basisDays'] as const)
      if (extra && typeof extra === 'object' && typeof (extra as Record<string, unknown>)[key] === 'number')
        body[key] = (extra as Record<string, number>)[key];
    // A 412 of an update made against an older revision carries the object as it is now.
    if (status === 412 && extra && typeof extra === 'object' && 'current' in extra)
      body.current = (extra as { current: unknown }).current;
    if (exception instanceof RateLimitedException) {
      void reply.header('Retry-After', String(exception.retryAfterSeconds));
    }
    if (status === 503 && !(exception instanceof HttpException)) {
      void reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      this.logger.warn(`${request.method} ${request.url}: ${DATABASE_UNAVAILABLE} (${describe(exception)})`);
    } else if (status >= 500) {
      this.logger.error(
        `${request.method} ${request.url}`,
        exception instanceof Error ? exception.stack : String(exception),
      );
    }
    void reply.status(status).send(body);
  }

  private isSpaRoute(request: FastifyRequest): boolean {
    if (!this.spaIndex || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    return !/^\/(api|socket\.io|uploads)(\/|$)/.test(request.url.split('?')[0]);
  }
}

function statusOf(exception: unknown): number {
  if (exception instanceof HttpException) return exception.getStatus();
  if (isDatabaseUnavailable(exception)) return 503;
  const fastifyStatus = (exception as { statusCode?: unknown })?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 600) return fastifyStatus;
  return 500;
}

function messageOf(exception: unknown, status: number): string {
  if (status === 503 && !(exception instanceof HttpException)) return DATABASE_UNAVAILABLE;
  if (status >= 500 && status !== 503) return 'Internal server error';
  if (exception instanceof HttpException) {
    const res = exception.getResponse();
    if (typeof res === 'string') return res;
    const message = (res as { message?: unknown }).message;
    if (Array.isArray(message)) return message.join('; ');
    if (typeof message === 'string') return message;
    return exception.message;
  }
  if (exception instanceof Error) return exception.message;
  return STATUS_CODES[status] ?? 'Error';
}

function describe(exception: unknown): string {
  const e = exception as { code?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  return String(e?.cause?.code ?? e?.code ?? e?.cause?.message ?? e?.message ?? 'unknown');
}
