import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import { requestMeta, type RequestMeta } from '../../common/request-meta';

const slot = new AsyncLocalStorage<RequestMeta>();

/** The address and user agent of the request being handled: null outside a request (a sweep). */
export function currentRequestMeta(): { ip: string | null; userAgent: string | null } {
  const meta = slot.getStore();
  return { ip: meta?.ip || null, userAgent: meta?.userAgent || null };
}

/**
 * Global: keeps the request's address and user agent where an audited service can read them
 * (currentRequestMeta) without every controller handing them down.
 */
@Injectable()
export class RequestMetaInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    return slot.run(requestMeta(req), () => next.handle());
  }
}
