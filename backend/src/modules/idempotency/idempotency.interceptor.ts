import { randomUUID } from 'node:crypto';
import {
  ConflictException,
  Injectable,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, concatMap, from, of, throwError, type Observable } from 'rxjs';
import { ANSWER_HOLDS_SECRET } from '../../common/decorators/answer-holds-secret.decorator';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import {
  hashRequestBody,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_TTL_MS,
  parseIdempotencyKey,
} from './idempotency-key';
import { holdingKey } from './held-key';
import { IdempotencyRepository, type IdempotencyRow, type IdempotencyScope } from './idempotency.repository';

/** A second request with a key still being served waits this long for the first answer. */
const WAIT_FOR_FIRST_MS = 10_000;
/** A claim this old without an answer belongs to a process that died: it may be taken over. */
const ABANDONED_AFTER_MS = 2 * 60_000;
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const SECRET_NOT_REPLAYED =
  'Idempotency-Key was already used and that request created what it asked for; its secret is shown ' +
  'only once, so it is not answered again: find it in the list (revoke it if the secret is lost) or send a new key';

type Decision = { run: true } | { run: false; row: IdempotencyRow };

/** The methods of a change: each takes an `Idempotency-Key` when a signed-in person sends it. */
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `Idempotency-Key` on every signed-in change — creates, moves, updates, deletes, membership,
 * settings (docs/api.md, "Retrying changes"): the first answer is stored in the database (so every
 * instance sees it; a board change stores it in its own transaction) and a retry with the same key by
 * the same user on the same path gets it back instead of changing again, so an offline browser's
 * queue can be sent again safely (ARCHITECTURE §11.5). Controllers know nothing of it.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly store: IdempotencyRepository) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (!CHANGES.has(request.method) || header === undefined) return next.handle();
    // A move replayed after another move under the same key answers "done" and moves nothing: a
    // key names one change, and a client sends a new key for each (the browser's outbox does).
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ??
      (request.method === 'POST' ? 201 : 200);
    const key = parseIdempotencyKey(header);
    // Public routes (register, login) have no user to scope the key to: they run as usual.
    if (!request.user) return next.handle();

    const scope: IdempotencyScope = {
      userId: request.user.id,
      method: request.method,
      path: request.url.split('?')[0],
      key,
    };
    const requestHash = hashRequestBody(request.body);
    const claimId = randomUUID();
    // A secret shown once is never written down: only that the create happened is kept.
    const secret = Reflect.getMetadata(ANSWER_HOLDS_SECRET, context.getHandler()) === true;
    const decision = await this.decide(scope, requestHash, claimId);
    const reply = http.getResponse<FastifyReply>();
    if (!decision.run) {
      if (secret) throw new ConflictException(SECRET_NOT_REPLAYED);
      void reply.status(decision.row.status!).header(REPLAYED_HEADER, 'true');
      return of(decision.row.body === null ? undefined : JSON.parse(decision.row.body));
    }
    // Not held for the create's own transaction either, which would store the answer with it.
    const handled = secret ? next.handle() : holdingKey({ scope, claimId, status }, () => next.handle());
    return handled.pipe(
      concatMap((result: unknown) =>
        from(
          eventually(() =>
            this.store.complete(scope, claimId, reply.statusCode, secret ? null : serialise(result)),
          ).then(() => result),
        ),
      ),
      catchError((err: unknown) =>
        from(eventually(() => this.store.release(scope, claimId))).pipe(
          concatMap(() => throwError(() => err)),
        ),
      ),
    );
  }

  /** Run the handler (this request holds the key) or replay the stored answer. */
  private async decide(scope: IdempotencyScope, requestHash: string, claimId: string): Promise<Decision> {
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      if (await this.claim(scope, requestHash, claimId)) return { run: true };
      const row = await this.store.find(scope);
      if (!row) continue; // the holder failed and let go between our two statements
      const age = Date.now() - row.createdAt.getTime();
      if (age > IDEMPOTENCY_TTL_MS || (row.status === null && age > ABANDONED_AFTER_MS)) {
        await this.store.drop(scope, row.createdAt);
        continue;
      }
      if (row.requestHash !== requestHash) {
        throw new UnprocessableEntityException(
          'Idempotency-Key was already used for a different request body; send a new key',
        );
      }
      if (row.status !== null) return { run: false, row };
      if (Date.now() > deadline) {
        throw new ConflictException('A request with this Idempotency-Key is still running; retry later');
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * When the claim's insert fails (the database just went away), it may still have committed:
   * let it go in the background, or every retry would wait for a request that is no longer running.
   */
  private async claim(scope: IdempotencyScope, requestHash: string, claimId: string): Promise<boolean> {
    try {
      return await this.store.claim(scope, requestHash, claimId);
    } catch (err) {
      await eventually(() => this.store.release(scope, claimId));
      throw err;
    }
  }
}

/**
 * Runs a bookkeeping write now and, when the database is unreachable (it just went down), again
 * every half second for a minute, without holding up the answer: a retry by the client waits for
 * the stored answer (or for the key to be released) instead of running the create twice.
 */
async function eventually(write: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 60_000;
  const attempt = async (): Promise<boolean> =>
    write().then(
      () => true,
      () => false,
    );
  if (await attempt()) return;
  const retry = () => {
    void attempt().then((done) => {
      if (!done && Date.now() < deadline) setTimeout(retry, 500).unref();
    });
  };
  setTimeout(retry, 500).unref();
}

function serialise(result: unknown): string | null {
  return result === undefined ? null : JSON.stringify(result);
}
