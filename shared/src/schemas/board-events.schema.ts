import { z } from 'zod';
import type { BoardEvent } from '../events/socket-events';

/** The most events one `GET /api/boards/{id}/events` answers, and the default. */
export const EVENTS_PAGE_MAX = 1000;
export const EVENTS_PAGE_DEFAULT = 500;

/** `?after={version}&limit={n}` of `GET /api/boards/{id}/events` (docs/api.md). */
export const boardEventsQuerySchema = z.object({
  after: z
    .string('is required')
    .regex(/^\d{1,15}$/, 'must be a whole number, 0 or more')
    .transform(Number),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(EVENTS_PAGE_MAX, `must be at most ${EVENTS_PAGE_MAX}`))
    .default(EVENTS_PAGE_DEFAULT),
});
export type BoardEventsQuery = z.infer<typeof boardEventsQuerySchema>;

/** The events after a version, oldest first; `hasMore` when `limit` cut them. */
export interface BoardEventsPage {
  /** The board's version now (at least the last event's). */
  version: number;
  events: BoardEvent[];
  hasMore: boolean;
}

/**
 * The most boards one multiplexed stream (`GET /api/stream?boards=a,b`) follows (docs/api.md,
 * "Live stream").
 */
export const STREAM_BOARDS_MAX = 50;

const version = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a whole number, 0 or more')
  .transform(Number);

/** Where a board's stream resumes: `?after=` or `Last-Event-ID`, a version (docs/api.md, "Live stream"). */
export const streamAfterSchema = version;

/**
 * Where a multiplexed stream resumes: `boardId:version` pairs separated by commas, as `?after=` or
 * `Last-Event-ID` (each event's id is one such pair); boards not named start from now.
 */
export const streamPositionsSchema = z
  .string()
  .max(STREAM_BOARDS_MAX * 60)
  .transform((text, ctx) => {
    const positions = new Map<string, number>();
    for (const part of text.split(',')) {
      const match = /^([0-9a-f-]{36}):(\d{1,15})$/i.exec(part.trim());
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'must be boardId:version pairs separated by commas' });
        return z.NEVER;
      }
      positions.set(match[1].toLowerCase(), Number(match[2]));
    }
    return positions;
  });

/** `?boards=a,b` of `GET /api/stream`: 1 to STREAM_BOARDS_MAX board ids, each once. */
export const streamBoardsSchema = z
  .string('is required')
  .max(STREAM_BOARDS_MAX * 40)
  .transform((text) => [...new Set(text.split(',').map((id) => id.trim().toLowerCase()))])
  .pipe(
    z
      .array(z.uuid('must be board ids separated by commas'))
      .min(1, 'must name at least one board')
      .max(STREAM_BOARDS_MAX, `must name at most ${STREAM_BOARDS_MAX} boards`),
  );

/** `subscribe` on socket.io's `/stream` namespace. */
export const streamSubscribeSchema = z.object({
  boardId: z.uuid('must be a valid id'),
  after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type StreamSubscribe = z.infer<typeof streamSubscribeSchema>;
