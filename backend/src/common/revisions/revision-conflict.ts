import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * 412: the object changed since the revision the caller's `If-Match` names. The answer carries the
 * object as it is now (`current`), so the caller can merge and try again (docs/api.md, "Revisions").
 */
export class RevisionConflictException extends HttpException {
  constructor(what: string, expected: number, current: { revision: number }) {
    const message = `The ${what} changed since revision ${expected}: it is at revision ${current.revision}`;
    super({ message, current }, HttpStatus.PRECONDITION_FAILED);
  }
}

/**
 * Refuses the change when `If-Match` named another revision than the object's. Called inside the
 * change's transaction, after the board's lock (BoardChanges takes it first), on the object as that
 * transaction reads it: of several changes sent with the same revision, exactly one passes.
 * `current` reads the object in the shape the update answers, for the 412.
 */
export async function requireRevision(
  what: string,
  expected: number | undefined,
  revision: number,
  current: () => Promise<{ revision: number }>,
): Promise<void> {
  if (expected === undefined || expected === revision) return;
  throw new RevisionConflictException(what, expected, await current());
}
