import { z } from 'zod';
import type { BoardEvent } from '../events/socket-events';

/** The most events one `GET /api/boards/{id}/events` answers, and the default. */
export const EVENTS_PAGE_MAX = 1000;
export const EVENTS_PAGE_DEFAULT = 500;

/** `?after={version}&limit={n}` of `GET /api/boards/{id}/events` (ARCHITECTURE §10.1). */
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
