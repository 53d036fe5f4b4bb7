import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { streamAfterSchema, streamBoardsSchema, streamPositionsSchema } from '@papan/shared';
import type { z } from 'zod';
import type { AuthUser } from '../../common/decorators/current-user.decorator';
import { APP_CONFIG } from '../../common/config/config.module';
import type { AppConfig } from '../../common/config/app-config';
import { BoardAccess } from '../board-access/board-access.service';
import { SseResponse } from './sse-response';
import { StreamHub, StreamResync, type StreamSink, type StreamSubscription } from './stream-hub';

/** `?after=` and the `Last-Event-ID` header; the header wins (a browser's reconnection sends it). */
export interface StreamResume {
  after?: unknown;
  lastEventId?: string;
}

/**
 * A board's events, or several boards' events, as Server-Sent Events (docs/api.md, "Live stream").
 */
@Injectable()
export class StreamService {
  constructor(
    private readonly hub: StreamHub,
    private readonly access: BoardAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `GET /api/boards/{id}/stream`: event ids are versions. */
  async board(user: AuthUser, boardId: string, resume: StreamResume, reply: FastifyReply): Promise<void> {
    const after = parse(streamAfterSchema, resume.lastEventId ?? resume.after, 'after');
    // Refusals (404, 403) are ordinary JSON answers: nothing is written before access is known.
    await this.access.member(boardId, user);
    const sse = this.open(reply);
    await this.follow(user, sse, [{ boardId, after: after ?? null }], false);
  }

  /** `GET /api/stream?boards=a,b`: event ids are `boardId:version`, and so is each resume point. */
  async boards(user: AuthUser, boards: unknown, resume: StreamResume, reply: FastifyReply): Promise<void> {
    // Required: undefined goes through the schema too ('is required').
    const boardIds = parse(streamBoardsSchema, boards ?? null, 'boards')!;
    const positions = parse(streamPositionsSchema, resume.lastEventId ?? resume.after, 'after') ?? new Map();
    // One at a time: the answer for the first board that fails is always the same.
    for (const boardId of boardIds) await this.access.member(boardId, user);
    const sse = this.open(reply);
    const follows = boardIds.map((boardId) => ({ boardId, after: positions.get(boardId) ?? null }));
    await this.follow(user, sse, follows, true);
  }

  private open(reply: FastifyReply): SseResponse {
    // Headers set so far (CORS, security headers, request id) go out with the stream.
    const headers = reply.getHeaders();
    reply.hijack();
    return new SseResponse(reply.raw, headers, this.config.stream.pingMs);
  }

  /**
   * Subscribes each board in turn (replay, then live). Any ending ends the whole answer: the
   * client reconnects and learns from the refusal which board it lost.
   */
  private async follow(
    user: AuthUser,
    sse: SseResponse,
    boards: { boardId: string; after: number | null }[],
    multiplexed: boolean,
  ): Promise<void> {
    const subscriptions: StreamSubscription[] = [];
    sse.onClose(() => subscriptions.forEach((s) => s.close()));
    const resync = (boardId: string, version: number) => {
      // The per-board stream answers `{version}`; the multiplexed one also says which board.
      sse.resync(multiplexed ? { boardId, version } : { version });
      sse.close();
    };
    for (const { boardId, after } of boards) {
      const sink: StreamSink = {
        send: (e) => sse.boardEvent(e, multiplexed ? `${e.boardId}:${e.version}` : String(e.version)),
        end: (reason, version) => (reason === 'resync' ? resync(boardId, version) : sse.close()),
      };
      try {
        subscriptions.push(await this.hub.subscribe(user, boardId, after, sink));
      } catch (err) {
        if (err instanceof StreamResync) resync(boardId, err.version);
        // Access that ended between the check and the subscription ends the answer like any ending.
        else sse.close();
      }
      if (sse.closed) return subscriptions.forEach((s) => s.close());
    }
  }
}

/** A query value through its shared schema; undefined stays undefined; the 400 names the field. */
function parse<S extends z.ZodType>(schema: S, value: unknown, field: string): z.infer<S> | undefined {
  if (value === undefined) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw new BadRequestException(`${field}: ${result.error.issues[0].message}`);
  return result.data;
}
