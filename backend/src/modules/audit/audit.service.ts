import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AuditAction } from '@papan/shared';
import type { Executor } from '../../database/database';
import { chainHash, GENESIS_HASH, jsonDetails } from './audit-chain';
import { AuditRepository } from './audit.repository';

/** Who acted: an account (kept by id and address; the row outlives it), or nobody known. */
export interface AuditActor {
  _id: string;
  email: string | null;
}

/** One audited action (docs/security.md, "Audit log"). */
export interface AuditEntry {
  actor: AuditActor | null;
  ip: string | null;
  userAgent: string | null;
  action: AuditAction;
  target?: { type: string; _id: string };
  details?: Record<string, unknown>;
}

const MAX_USER_AGENT = 512;
const MAX_IP = 64;

/** The actor of an entry from whoever is signed in (AuthUser) or a user row. */
export function auditActor(user: { id: string; email: string | null }): AuditActor {
  return { _id: user.id, email: user.email };
}

/**
 * Writes the audit log: one row per action, in the transaction of what it records, so a change
 * and its row commit or vanish together. Every row links to the one before it by hash
 * (docs/decisions.md, "The audit log's hash chain").
 */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /**
   * Records `entry` in `dbOrTx`. Given a transaction, the chain's lock is held until it ends: call
   * this as the transaction's last step, so others wait as briefly as possible. Given the database,
   * the row is written in a transaction of its own.
   */
  record(dbOrTx: Executor, entry: AuditEntry): Promise<void> {
    return this.repository.append(dbOrTx, (last) => {
      const prevHash = last ?? GENESIS_HASH;
      const content = {
        id: randomUUID(),
        // Taken under the lock: rows of one instance get their times in chain order.
        at: new Date(),
        actorId: entry.actor?._id ?? null,
        actorEmail: entry.actor?.email ?? null,
        ip: entry.ip ? entry.ip.slice(0, MAX_IP) : null,
        userAgent: entry.userAgent ? entry.userAgent.slice(0, MAX_USER_AGENT) : null,
        action: entry.action,
        targetType: entry.target?.type ?? null,
        targetId: entry.target?._id ?? null,
        details: jsonDetails(entry.details),
        prevHash,
      };
      return { ...content, hash: chainHash(content) };
    });
  }
}
