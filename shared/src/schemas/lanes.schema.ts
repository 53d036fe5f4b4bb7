import { z } from 'zod';
import { LIMITS } from '../constants';
import { requiredText } from './common.schema';

/**
 * Work-in-progress limits and swimlanes (docs/lanes.md). A list's limit counts its open cards in
 * every lane; `soft` lets a change pass the limit (and records `list.wipExceeded`), `hard` refuses it.
 */
export const WIP_MODES = ['soft', 'hard'] as const;
export type WipMode = (typeof WIP_MODES)[number];
export const WIP_LIMIT_MAX = 999;
/** How many lanes one board may have. */
export const LANES_PER_BOARD = 50;

export const wipLimitSchema = z
  .number('must be a whole number from 1 to 999, or null')
  .int('must be a whole number from 1 to 999, or null')
  .min(1, 'must be a whole number from 1 to 999, or null')
  .max(WIP_LIMIT_MAX, 'must be a whole number from 1 to 999, or null')
  .nullable();
export const wipModeSchema = z.enum(WIP_MODES, 'must be soft or hard');

/** A swimlane: a row across the board's lists. Cards without one are in the default lane. */
export interface Lane {
  _id: string;
  title: string;
  position: number;
}

export const createLaneSchema = z.object({ title: requiredText(LIMITS.title) });
/** `PUT /api/lanes/{id}`: `position` is the lane's new 0-based index among the board's lanes. */
export const updateLaneSchema = z
  .object({
    title: requiredText(LIMITS.title),
    position: z
      .number('must be a whole number from 0')
      .int('must be a whole number from 0')
      .min(0, 'must be a whole number from 0')
      .max(LANES_PER_BOARD, `must be at most ${LANES_PER_BOARD}`),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'give at least one of title or position');
export type CreateLaneInput = z.infer<typeof createLaneSchema>;
export type UpdateLaneInput = z.infer<typeof updateLaneSchema>;
