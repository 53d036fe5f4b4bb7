import { BadRequestException } from '@nestjs/common';
import { z } from 'zod';
import type { $ZodIssue, ParseContextInternal } from 'zod/v4/core';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';

/**
 * zod's stop-at-the-first-issue mode (the one its `validate` uses): only the first issue is
 * reported, and a file of a million bad items would otherwise collect two million issues (11 s
 * and 1.5 GB measured). validate-file.spec.ts checks that it still stops.
 */
const FIRST_ISSUE: ParseContextInternal<$ZodIssue> = { abortEarly: true };

/**
 * Validates part of an import with its shared schema; the 400 names the place in the file, e.g.
 * "lists.3.cards.7.title: must be at most 200 characters" (`at` is the path of `value` in it).
 */
export function validateFile<S extends z.ZodType>(schema: S, value: unknown, at = ''): z.infer<S> {
  try {
    const result = schema.safeParse(value ?? null, FIRST_ISSUE);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new BadRequestException(
        `${issue.path.length ? issue.path.join('.') : at || 'file'}: ${issue.message}`,
      );
    }
    // The pipe's other check (text PostgreSQL cannot store), on the value already validated.
    return new ZodValidationPipe(z.any(), at || 'file').transform(result.data) as z.infer<S>;
  } catch (err) {
    if (err instanceof BadRequestException && at && !err.message.startsWith(`${at}:`))
      throw new BadRequestException(`${at}.${err.message}`);
    throw err;
  }
}

/** 400 naming the place in the file. */
export const badFile = (at: string, problem: string) => new BadRequestException(`${at}: ${problem}`);

/** The creation time a Trello id (a MongoDB ObjectId) carries in its first four bytes. */
export function objectIdTime(id: string): Date | null {
  if (!/^[0-9a-f]{24}$/i.test(id)) return null;
  return new Date(parseInt(id.slice(0, 8), 16) * 1000);
}
