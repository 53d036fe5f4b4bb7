import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Validates a body, query or parameter with its shared zod schema; the 400 names the field. */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(
    readonly schema: S,
    private readonly what = 'body',
  ) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue.path.length ? issue.path.join('.') : this.what;
      throw new BadRequestException(`${field}: ${issue.message}`);
    }
    const bad = unstorableText(result.data);
    if (bad) throw new BadRequestException(`${bad.length ? bad.join('.') : this.what}: ${UNSTORABLE}`);
    return result.data;
  }
}

const UNSTORABLE = 'must not contain NUL or unpaired surrogate characters';

/**
 * The path of a string PostgreSQL cannot keep as sent: NUL is refused by `text` (a 500 otherwise)
 * and an unpaired UTF-16 surrogate would silently become U+FFFD. Checked on the parsed value, whose
 * depth the schema bounds.
 */
function unstorableText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\0') || /\p{Cs}/u.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = unstorableText(value[i], [...path, i]);
      if (bad) return bad;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const bad = unstorableText(v, [...path, k]);
      if (bad) return bad;
    }
  }
  return null;
}
