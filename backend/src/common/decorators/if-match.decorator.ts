import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** `3`, `"3"` or `W/"3"`: the revisions are numbers, sent bare or as an entity tag. */
const REVISION = /^\s*(?:W\/)?(?:"(\d{1,9})"|(\d{1,9}))\s*$/;

/**
 * Reads `If-Match` as the revision an update was made against (docs/api.md, "Revisions"):
 * undefined without the header (or with `*`: any revision), a 400 when it is not a revision.
 */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return undefined;
  const match = REVISION.exec(value);
  const revision = match ? Number(match[1] ?? match[2]) : NaN;
  if (!Number.isSafeInteger(revision) || revision < 1)
    throw new BadRequestException('If-Match: must be a revision, a whole number from 1');
  return revision;
}

/** The update's `If-Match` revision, or undefined (then it changes whatever the revision). */
export const IfMatch = createParamDecorator((_data: unknown, ctx: ExecutionContext): number | undefined =>
  parseIfMatch(ctx.switchToHttp().getRequest<FastifyRequest>().headers['if-match']),
);
