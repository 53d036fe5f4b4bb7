import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { tap, type Observable } from 'rxjs';

/** The board version a change made, on its HTTP answer (docs/api.md): the event's place in order. */
export const BOARD_VERSION_HEADER = 'Board-Version';

const slot = new AsyncLocalStorage<{ version?: number }>();

/** Called by BoardChanges once a change has committed: the request's answer will carry the version. */
export function noteBoardVersion(version: number): void {
  const store = slot.getStore();
  if (store) store.version = version;
}

/**
 * Every answer of a request that changed a board says which version it made, so the browser
 * applies its own change as the event it is (by version) and ignores the socket's copy of it.
 */
@Injectable()
export class BoardVersionInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const store: { version?: number } = {};
    return slot
      .run(store, () => next.handle())
      .pipe(
        tap(() => {
          if (store.version !== undefined) void reply.header(BOARD_VERSION_HEADER, String(store.version));
        }),
      );
  }
}
