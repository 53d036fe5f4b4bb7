import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { CHANGE_PREFERENCE, type BoardEvent, type ChangeAnswer } from '@papan/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tap, type Observable } from 'rxjs';

/** The board version a change made, on its HTTP answer (docs/api.md): the event's place in order. */
export const BOARD_VERSION_HEADER = 'Board-Version';

const slot = new AsyncLocalStorage<{ event?: BoardEvent }>();
/** Where the request keeps the event its change committed, for the answer's last step. */
const COMMITTED = Symbol('committed board event');
type WithEvent = FastifyRequest & { [COMMITTED]?: BoardEvent };

/** Called by BoardChanges once a change has committed: the request's answer will carry it. */
export function noteCommitted(event: BoardEvent): void {
  const store = slot.getStore();
  if (store) store.event = event;
}

/**
 * Every answer of a request that changed a board says which version it made (`Board-Version`), and
 * keeps the event it published for `installChangeAnswers`: the browser applies its own change as
 * that event, the one every other screen and outside channel receives (docs/architecture.md).
 */
@Injectable()
export class CommittedEventInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const store: { event?: BoardEvent } = {};
    return slot
      .run(store, () => next.handle())
      .pipe(
        tap(() => {
          if (!store.event) return;
          void http.getResponse<FastifyReply>().header(BOARD_VERSION_HEADER, String(store.event.version));
          http.getRequest<WithEvent>()[COMMITTED] = store.event;
        }),
      );
  }
}

/** Whether the request asked for `{data, event}` (`Prefer: papan-change`, docs/api.md). */
function prefersChange(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  return typeof prefer === 'string' && prefer.split(',').some((p) => p.trim() === CHANGE_PREFERENCE);
}

/**
 * A request that prefers it gets `{data, event}`: the answer the API documents as `data`, and the
 * committed board event (null when nothing changed, or for an answer replayed for a retried
 * Idempotency-Key). Done as the body is serialised, after every interceptor: a stored idempotent
 * answer stays the plain one, whoever asks.
 */
export function installChangeAnswers(fastify: FastifyInstance): void {
  fastify.addHook('preSerialization', async (request: WithEvent, reply, payload: unknown) => {
    if (reply.statusCode >= 400 || !prefersChange(request)) return payload;
    void reply.header('Preference-Applied', CHANGE_PREFERENCE);
    const answer: ChangeAnswer<unknown> = { data: payload ?? null, event: request[COMMITTED] ?? null };
    return answer;
  });
}
