import { GoneException, Injectable } from '@nestjs/common';
import type { BoardEventsPage, BoardEventsQuery } from '@papan/shared';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { BoardAccess } from '../board-access/board-access.service';
import { BoardEventsRepository } from './board-events.repository';

export const EVENTS_GONE = 'The events after this version are no longer kept; read the whole board.';

/**
 * Catching up on a board through its event log instead of reading it whole (docs/api.md,
 * "GET /api/boards/{id}/events").
 */
@Injectable()
export class BoardEventsService {
  constructor(
    private readonly access: BoardAccess,
    private readonly events: BoardEventsRepository,
  ) {}

  async after(boardId: string, user: AuthUser, { after, limit }: BoardEventsQuery): Promise<BoardEventsPage> {
    const board = await this.access.member(boardId, user);
    if (after >= board.version) return { version: board.version, events: [], hasMore: false };
    const rows = await this.events.after(boardId, after, limit + 1, user.id);
    const page = rows.slice(0, limit);
    // The log is gap-free: a missing version was dropped, or predates the log.
    const complete =
      page.every((row, i) => row.event.version === after + 1 + i) &&
      (rows.length > limit || (page.at(-1)?.event.version ?? after) >= board.version);
    if (!complete)
      throw new GoneException({
        statusCode: 410,
        error: 'Gone',
        message: EVENTS_GONE,
        version: board.version,
      });
    return {
      version: Math.max(board.version, page.at(-1)!.event.version),
      // Comments by someone who blocked the reader are left out, as on the socket.
      events: page.filter((row) => !row.hidden).map((row) => row.event),
      hasMore: rows.length > limit,
    };
  }
}
