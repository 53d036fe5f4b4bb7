import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { registerSchema } from './auth.schema';
import { emailSchema } from './common.schema';

/**
 * Every action the audit log records (docs/security.md, "Audit log"), defined once: the backend
 * writes only these, the admin console filters by them.
 */
export const AUDIT_ACTIONS = [
  'auth.signin',
  'auth.signin.failed',
  'auth.signout',
  'auth.session.revoked',
  'auth.password.changed',
  'auth.password.reset',
  'auth.2fa.enabled',
  'auth.2fa.disabled',
  'auth.2fa.failed',
  'auth.sso.linked',
  'account.registered',
  'account.deleted',
  'token.created',
  'token.revoked',
  'webhook.created',
  'webhook.revoked',
  'user.blocked',
  'user.unblocked',
  'admin.user.role_changed',
  'admin.user.deleted',
  'admin.board.deleted',
  'admin.settings.changed',
  'admin.invite.created',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How a sign-in row says which way the person came in (`details.method`). */
export type SignInMethod = 'password' | 'google' | 'oidc' | 'two_factor' | 'recovery_code';

/** One audit row as the API answers it (GET /api/admin/audit, the NDJSON export). */
export interface AuditEntryView {
  _id: string;
  seq: number;
  at: string;
  actor: { _id: string; email: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  target: { type: string; _id: string } | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** Pass as `before` for the next (older) page; null when this was the last one. */
  nextBefore: number | null;
}

export interface AuditVerifyResult {
  ok: boolean;
  checked: number;
  firstBadId?: string;
}

const isoDate = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

/** GET /api/admin/audit */
export const auditQuerySchema = z.object({
  action: z.enum(AUDIT_ACTIONS, 'must be one of the audited actions').optional(),
  actorId: z.uuid('must be a valid id').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The `seq` of the oldest row already shown. */
  before: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(Number.MAX_SAFE_INTEGER, 'is too large')
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const GOVERNANCE_LIMITS = {
  announcement: 500,
  allowedDomains: 50,
  domain: 253,
  auditPage: 100,
} as const;

/** A DNS name such as `example.ac.id` (lower-cased, no `@`, no scheme). */
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'must not be empty')
  .max(GOVERNANCE_LIMITS.domain, `must be at most ${GOVERNANCE_LIMITS.domain} characters`)
  .regex(/^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name like example.org');

export const announcementSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(GOVERNANCE_LIMITS.announcement, `must be at most ${GOVERNANCE_LIMITS.announcement} characters`),
  level: z.enum(['info', 'warning'], "must be 'info' or 'warning'"),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * GET/PUT /api/admin/settings: every field required on PUT (the form sends them all); unknown
 * fields are dropped, as everywhere (docs/security.md, mass assignment).
 */
export const instanceSettingsSchema = z.object({
  registration: z.enum(REGISTRATION_MODES, "must be 'open', 'invite' or 'closed'"),
  allowedEmailDomains: z
    .array(domainSchema, 'must be a list of domain names')
    .max(GOVERNANCE_LIMITS.allowedDomains, `must hold at most ${GOVERNANCE_LIMITS.allowedDomains} domains`)
    .transform((list) => [...new Set(list)]),
  announcement: announcementSchema.nullable(),
  requireTwoFactorForAdmins: z.boolean('must be true or false'),
});
export type InstanceSettingsInput = z.infer<typeof instanceSettingsSchema>;
export type InstanceSettings = InstanceSettingsInput & { version: number; updatedAt: string };

/** GET /api/settings/public (no sign-in): what the sign-in and register pages offer and show. */
export interface PublicSettings {
  registration: RegistrationMode;
  announcement: Announcement | null;
  sso: { enabled: boolean; name: string };
  google: { enabled: boolean };
}

/**
 * POST /api/auth/register with the token of an administrator's invitation (the link's `invite`),
 * which lets its address register whatever the registration policy says.
 */
export const registerWithInviteSchema = registerSchema.extend({
  inviteToken: z
    .string()
    .max(128, 'must be at most 128 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'must be the code from the invitation link')
    .optional(),
});
export type RegisterWithInviteInput = z.infer<typeof registerWithInviteSchema>;

/** POST /api/admin/invites */
export const adminInviteSchema = z.object({
  email: emailSchema,
  /** The language of the mail (the administrator's interface language); English when absent. */
  language: z.enum(LANGUAGES).optional(),
});
export type AdminInviteInput = z.infer<typeof adminInviteSchema>;

/** The answer to an administrator's invitation: never the token (it travels by mail only). */
export interface AdminInviteView {
  _id: string;
  email: string;
  expiresAt: string;
}

/** The code with which the API refuses an admin who must set up two-factor sign-in first. */
export const TWO_FACTOR_SETUP_REQUIRED = 'two_factor_setup_required';

/** GET /api/admin/health */
export interface AdminHealth {
  version: string;
  uptimeSeconds: number;
  database: { kind: 'pglite' | 'postgres'; sizeBytes: number };
  eventLogRows: number;
  mail: { pending: number; failed: number };
  webhooks: { active: number; failing: number };
  instances: { id: string; startedAt: string; sockets: number }[];
}
