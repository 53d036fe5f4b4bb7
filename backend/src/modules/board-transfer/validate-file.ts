import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';

/**
 * Validates part of an import with its shared schema; the 400 names the place in the file, e.g.
 * "lists.3.cards.7.title: must be at most 200 characters" (`at` is the path of `value` in it).
 */
export function validateFile<S extends z.ZodType>(schema: S, value: unknown, at = ''): z.infer<S> {
  try {
    return new ZodValidationPipe(schema, at || 'file').transform(value ?? null);
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
