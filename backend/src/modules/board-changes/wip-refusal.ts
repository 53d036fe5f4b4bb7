import { ConflictException } from '@nestjs/common';
import { pgErrorCode } from '../../database/database';

/** The SQLSTATE the database raises for a card past a hard WIP limit (migration 0016; docs/lanes.md). */
export const WIP_LIMIT_SQLSTATE = 'PW001';

/**
 * A change the database refused because it would put a list over its hard WIP limit becomes a 409
 * naming the list and the limit (the trigger's message); any other error is left as it is.
 */
export function wipRefusal(err: unknown): unknown {
  if (pgErrorCode(err) !== WIP_LIMIT_SQLSTATE) return err;
  const e = err as { message?: unknown; cause?: { message?: unknown } };
  const message = typeof e.cause?.message === 'string' ? e.cause.message : e.message;
  return new ConflictException(typeof message === 'string' ? message : 'The list is at its limit.');
}
