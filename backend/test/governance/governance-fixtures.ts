import { asc, eq } from 'drizzle-orm';
import type { AuditAction, InstanceSettingsInput } from '@papan/shared';
import { auditLog } from '../../src/database/schema';
import type { TestApp } from '../helpers/test-app';

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit rows of `action`, oldest first, straight from the table. */
export function auditRows(t: TestApp, action: AuditAction): Promise<AuditRow[]> {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.seq));
}

/** The newest row of `action`; throws when there is none. */
export async function lastAudit(t: TestApp, action: AuditAction): Promise<AuditRow> {
  const rows = await auditRows(t, action);
  if (!rows.length) throw new Error(`no audit row ${action}`);
  return rows[rows.length - 1];
}

/** The user agent every governance test sends, so its rows can be told apart. */
export const TEST_AGENT = 'governance-test/1.0';

export const SETTINGS_OPEN: InstanceSettingsInput = {
  registration: 'open',
  allowedEmailDomains: [],
  announcement: null,
  requireTwoFactorForAdmins: false,
};
