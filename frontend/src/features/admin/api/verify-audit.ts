import type { AuditVerifyResult } from '@papan/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/audit/verify: walks the hash chain. */
export function verifyAudit(): Promise<AuditVerifyResult> {
  return api.get<AuditVerifyResult>('/api/admin/audit/verify');
}
