import { Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { BoardAccess } from '../board-access/board-access.service';
import { AuthGuard } from '../auth/auth.guard';
import { boardEtag, etagMatches } from './board-etag';

/** `GET /api/boards/{id}`, with no query but the view: the read a poller repeats. */
const POLL =
  /^\/api\/boards\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\?view=(full|compact))?$/;

/**
 * A poll of a board that has not changed (scripts and dashboards poll the board read with its ETag;
 * the browser polls the event log), answered before Nest's pipeline (docs/api.md,
 * "GET /api/boards/{id}": its 304 costs no database and next to no CPU). It asks what the
 * controller would: the same authentication (the guard's, from this instance's session cache) and
 * the same membership (the access cache that revocations and removals keep true). Anything else —
 * another answer, an API token (its scopes are checked on the route), any doubt — goes on to the
 * controller unchanged.
 */
@Injectable()
export class BoardPolls {
  constructor(
    private readonly auth: AuthGuard,
    private readonly access: BoardAccess,
  ) {}

  /** Answers matching polls with 304 in an `onRequest` hook added after helmet's, CORS's and the ids'. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const etag = await this.notModified(request.url, request.headers);
      if (etag)
        return reply
          .code(304)
          .headers({ ETag: etag, 'Cache-Control': 'private, no-cache', Vary: 'Accept-Encoding' })
          .send();
    });
  }

  /** The ETag to answer 304 with, or null when the controller must answer. */
  async notModified(url: string, headers: IncomingHttpHeaders): Promise<string | null> {
    const ifNoneMatch = headers['if-none-match'];
    const poll = ifNoneMatch ? POLL.exec(url) : null;
    if (!poll) return null;
    const [, boardId, view] = poll;
    try {
      const user = await this.auth.authenticate(headers.authorization);
      if (user.token) return null;
      const { board } = await this.access.require(user, { boardId }, 'member');
      const etag = boardEtag(boardId, board, view === 'compact' ? 'compact' : 'full');
      return etagMatches(ifNoneMatch, etag) ? etag : null;
    } catch {
      return null; // the controller answers it (401, 403, 404, 503) the usual way
    }
  }
}
