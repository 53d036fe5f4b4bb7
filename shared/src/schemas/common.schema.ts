import { z } from 'zod';
import { LIMITS } from '../constants';

/** A string trimmed, non-empty after trimming and at most `max` characters long. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

export const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`);

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email, `must be at most ${LIMITS.email} characters`)
  .pipe(z.email('must be a valid e-mail address'));

export const idSchema = z.uuid('must be a valid id');

export const errorBodySchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  msg: z.string().optional(),
  /** What the browser acts on: `two_factor_setup_required`, `registration_closed`, … */
  code: z.string().optional(),
  /** 410 from the event log: the board's current version. */
  version: z.number().optional(),
  /** 422 from a forecast: the days of history it looked at. */
  basisDays: z.number().optional(),
  /** 412 of an update whose `If-Match` is behind: the object as it is now (docs/api.md, "Revisions"). */
  current: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
