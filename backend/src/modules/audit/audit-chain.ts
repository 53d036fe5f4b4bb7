import { createHash } from 'node:crypto';

/** The `prev_hash` of the first row ever written: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** What of a row its hash covers: everything but `seq` (the chain itself orders the rows). */
export interface ChainedContent {
  id: string;
  at: Date;
  actorId: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
}

/**
 * The canonical text of a row (docs/decisions.md, "The audit log's hash chain"): a JSON array in a
 * fixed field order, the date as ISO 8601 with milliseconds, `details` with its keys sorted at
 * every depth — the form jsonb gives back is not the form it was given, so key order cannot count.
 */
export function canonicalText(row: ChainedContent): string {
  return JSON.stringify([
    'papan-audit-v1',
    row.id,
    row.at.toISOString(),
    row.actorId,
    row.actorEmail,
    row.ip,
    row.userAgent,
    row.action,
    row.targetType,
    row.targetId,
    sortKeys(row.details),
    row.prevHash,
  ]);
}

/** SHA-256 (hex) of the previous row's hash and this row's content. */
export function chainHash(row: ChainedContent): string {
  return createHash('sha256').update(canonicalText(row)).digest('hex');
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * `details` as it will come back from jsonb: plain JSON (no undefined, no Date objects), without
 * the NUL characters jsonb refuses.
 */
export function jsonDetails(details: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!details) return {};
  const text = JSON.stringify(details, (_, v: unknown) => (typeof v === 'string' ? v.replace(/\0/g, '') : v));
  return JSON.parse(text) as Record<string, unknown>;
}
