import { Injectable } from '@nestjs/common';
import {
  GOVERNANCE_LIMITS,
  type AuditEntryView,
  type AuditPage,
  type AuditQuery,
  type AuditVerifyResult,
} from '@papan/shared';
import { chainHash } from './audit-chain';
import { AuditRepository, type AuditFilter, type AuditRow } from './audit.repository';

/** How many rows verification and the export read at a time. */
const BATCH = 1000;

/** Reading the audit log for administrators: pages, verification, the export. */
@Injectable()
export class AuditLogService {
  constructor(private readonly repository: AuditRepository) {}

  async page(query: AuditQuery): Promise<AuditPage> {
    const limit = GOVERNANCE_LIMITS.auditPage;
    const rows = await this.repository.page(filterOf(query), limit + 1);
    const entries = rows.slice(0, limit).map(toView);
    return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1].seq : null };
  }

  /**
   * Walks the chain oldest first. The first row kept is the anchor: its `prev_hash` is taken as
   * given, since retention removed what it pointed to (docs/security.md, "Audit log"). Every row
   * must hash to its `hash` and point to the hash of the row before it.
   */
  async verify(): Promise<AuditVerifyResult> {
    let checked = 0;
    let prev: string | null = null;
    let after = 0;
    for (;;) {
      const rows = await this.repository.batchAfter(after, BATCH);
      for (const row of rows) {
        if ((prev !== null && row.prevHash !== prev) || chainHash(row) !== row.hash) {
          return { ok: false, checked, firstBadId: row.id };
        }
        prev = row.hash;
        checked++;
      }
      if (rows.length < BATCH) return { ok: true, checked };
      after = rows[rows.length - 1].seq;
    }
  }

  /** Every row matching the filter, oldest first, one JSON object a line. */
  async *exportLines(query: AuditQuery): AsyncGenerator<string> {
    const filter = { ...filterOf(query), before: undefined };
    let after = 0;
    for (;;) {
      const rows = await this.repository.batchAfter(after, BATCH, filter);
      if (rows.length) yield rows.map((row) => `${JSON.stringify(toView(row))}\n`).join('');
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].seq;
    }
  }
}

function filterOf(q: AuditQuery): AuditFilter {
  return {
    action: q.action,
    actorId: q.actorId,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    before: q.before,
  };
}

export function toView(row: AuditRow): AuditEntryView {
  return {
    _id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    actor: row.actorId ? { _id: row.actorId, email: row.actorEmail } : null,
    ip: row.ip,
    userAgent: row.userAgent,
    action: row.action,
    target: row.targetType && row.targetId ? { type: row.targetType, _id: row.targetId } : null,
    details: row.details,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}
