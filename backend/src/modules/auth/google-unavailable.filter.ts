import { Catch, ServiceUnavailableException, type ExceptionFilter, type ArgumentsHost } from '@nestjs/common';
import type { ErrorBody } from '@papan/shared';
import type { FastifyReply } from 'fastify';

/**
 * The global filter hides the message of every 5xx (and logs it as a failure); "Google sign-in is
 * not configured" is a deliberate 503 whose message is the point, so the Google routes keep it.
 */
@Catch(ServiceUnavailableException)
export class GoogleUnavailableFilter implements ExceptionFilter {
  catch(exception: ServiceUnavailableException, host: ArgumentsHost): void {
    const body: ErrorBody = { statusCode: 503, error: 'Service Unavailable', message: exception.message };
    void host.switchToHttp().getResponse<FastifyReply>().status(503).send(body);
  }
}
