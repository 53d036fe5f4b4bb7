import { createHash } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** 1–128 printable ASCII characters (space to tilde), as clients send them. */
const KEY_PATTERN = /^[\x20-\x7e]{1,128}$/;

/** The header's key, or a 400 naming the rule it breaks. */
export function parseIdempotencyKey(header: string | string[]): string {
  const value = Array.isArray(header) ? null : header;
  if (value === null || !KEY_PATTERN.test(value) || value.trim() === '') {
    throw new BadRequestException('Idempotency-Key: must be 1-128 printable ASCII characters, sent once');
  }
  return value;
}

/** sha256 of the body as canonical JSON (keys sorted), so key order does not make a body "different". */
export function hashRequestBody(body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(body) ?? '')
    .digest('hex');
}

function canonicalJson(value: unknown): string | undefined {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v) ?? 'null').join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.keys(value)
      .sort()
      .flatMap((k) => {
        const v = canonicalJson((value as Record<string, unknown>)[k]);
        return v === undefined ? [] : [`${JSON.stringify(k)}:${v}`];
      });
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
