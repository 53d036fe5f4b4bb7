import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at start-up (docs/operations.md, "Configuration").
 */
const durationPattern = /^\d+\s*(ms|s|m|h|d|w|y)?$/;
const csv = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);

/** Attempts allowed per window; 0 turns that limit off. */
const limitCount = z.coerce
  .number('must be a number')
  .int('must be a whole number')
  .min(0, 'must be 0 (off) or more')
  .max(1_000_000, 'must be at most 1000000');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL: z.string().regex(durationPattern, 'must be a duration like 7d, 12h or 3600').default('7d'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().min(1).default('Administrator'),
  APP_ORIGIN: z.url('must be a URL like http://localhost:5000').default('http://localhost:5000'),
  ALLOWED_ORIGINS: csv.optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://www.googleapis.com/oauth2/v3/userinfo'),
  OIDC_ISSUER: z
    .url('must be the issuer URL of the OpenID provider, like https://sso.example.com/realms/main')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(60, 'must be at most 60 characters').default('Single sign-on'),
  OIDC_SCOPES: z
    .string()
    .default('openid email profile')
    .refine((s) => s.split(/\s+/).includes('openid'), 'must include openid'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_ALLOW: csv
    .refine((list) => list.every(isCidr), 'must be comma-separated addresses or CIDR ranges like 10.0.0.0/8')
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default('Papan <no-reply@localhost>'),
  REQUIRE_VERIFIED_EMAIL: z.enum(['true', 'false']).optional(),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: limitCount.default(10),
  RATE_LIMIT_LOGIN_PER_ADDRESS: limitCount.default(20),
  RATE_LIMIT_REGISTER_PER_ADDRESS: limitCount.default(20),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(60),
  EVENT_LOG_MIN: z.coerce
    .number('must be a number of events')
    .int('must be a whole number of events')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(1000),
  EVENT_RETENTION_DAYS: z.coerce
    .number('must be a number of days')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .default(30),
  AUDIT_RETENTION_DAYS: z.coerce
    .number('must be a number of days')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(36_500, 'must be at most 36500')
    .default(365),
  AUTOMATION_MAX_DEPTH: z.coerce
    .number('must be a number of rule changes')
    .int('must be a whole number of rule changes')
    .min(1, 'must be at least 1')
    .max(20, 'must be at most 20')
    .default(5),
  REMINDER_INTERVAL_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(86_400, 'must be at most 86400')
    .default(60),
  ATTACHMENT_MAX_MB: z.coerce
    .number('must be a number of MiB')
    .int('must be a whole number of MiB')
    .min(1, 'must be at least 1')
    .max(1024, 'must be at most 1024')
    .default(10),
  UNDO_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(30),
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], 'must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
  INSTANCE_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'must be 1-64 letters, digits, dots, dashes or underscores')
    .optional(),
});

/** An IPv4 or IPv6 address, optionally with a /prefix. */
function isCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Outgoing mail (docs/operations.md, "Mail"): SMTP, or `.eml` files in DATA_DIR/outbox when no
 * SMTP_URL is set.
 */
export interface MailConfig {
  smtpUrl: string | null;
  from: string;
  /** Invitations to an account wait until its address is verified. */
  requireVerifiedEmail: boolean;
}

export interface RateLimitConfig {
  /** Failed logins allowed per account per window (0: no limit). */
  loginPerAccount: number;
  /** Failed logins allowed per client address per window. */
  loginPerAddress: number;
  /** Registrations allowed per client address per window. */
  registerPerAddress: number;
  windowSeconds: number;
}

/**
 * Outgoing webhooks (docs/api.md, "Webhooks"); only `allowPrivate` is an environment setting, tests
 * shorten the rest.
 */
export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE: let webhooks call private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** The wait before each retry; after the last one fails the body is given up. */
  retryDelaysMs: number[];
  /** A receiver that has not answered 2xx by then failed. */
  timeoutMs: number;
  /** How often each instance looks for due deliveries and for webhooks behind their board. */
  pollMs: number;
}

export const WEBHOOK_DEFAULTS: Omit<WebhookConfig, 'allowPrivate'> = {
  retryDelaysMs: [10, 60, 300, 1800, 7200, 21_600, 43_200].map((s) => s * 1000),
  timeoutMs: 10_000,
  pollMs: 2_000,
};

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  /** Absolute folder, or null for DATA_DIR=memory. */
  dataDir: string | null;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string | null;
  jwtTtl: string;
  admin: { email: string; password: string; name: string } | null;
  appOrigin: string;
  allowedOrigins: string[];
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
  } | null;
  /**
   * OpenID Connect single sign-on (docs/operations.md, "Single sign-on"), or null when OIDC_ISSUER
   * is not set. `allowHttp`: an http:// issuer is accepted only on this machine or in tests.
   */
  oidc: {
    issuer: string;
    clientId: string;
    clientSecret: string;
    name: string;
    scopes: string;
    allowHttp: boolean;
  } | null;
  logLevel: string;
  trustProxy: boolean;
  /** Who may read /api/metrics besides loopback: addresses and CIDR ranges, and a bearer token. */
  metrics: { allow: string[]; token: string | null };
  /** Names this instance in the X-Papan-Instance header and in logs (several instances). */
  instanceId: string | null;
  rateLimit: RateLimitConfig;
  mail: MailConfig;
  /**
   * A board keeps its last `min` events and every event younger than `days` (docs/decisions.md,
   * "The board event log").
   */
  eventLog: { min: number; retentionDays: number };
  /**
   * docs/security.md, "Audit log": rows older than AUDIT_RETENTION_DAYS go; how often that is
   * looked for (hourly; tests shorten it).
   */
  audit: { retentionDays: number; purgeEveryMs: number };
  /**
   * How often the due-date reminders are looked for (docs/api.md,
   * "Due dates, card members and reminders").
   */
  reminderIntervalSeconds: number;
  /** The largest attachment, in bytes (ATTACHMENT_MAX_MB MiB; docs/api.md, "Attachments"). */
  attachmentMaxBytes: number;
  /** How long a deletion can be undone (UNDO_SECONDS, 30; docs/api.md, "Undo"). */
  undoSeconds: number;
  /** How often ended undo windows free their files (5 s; tests lengthen it, like the other sweeps). */
  undoPurgeEveryMs: number;
  /**
   * How often an open stream sends `: ping` (15 s; tests shorten it; docs/api.md, "Live stream").
   */
  stream: { pingMs: number };
  /** Outgoing webhooks (docs/api.md, "Webhooks"). */
  webhooks: WebhookConfig;
  /**
   * docs/automation.md: how many rule changes may follow one another from one person's change
   * (AUTOMATION_MAX_DEPTH), how often each instance looks for rules behind the log (the safety net
   * behind running at once) and for due schedules and due dates.
   */
  automation: { maxDepth: number; sweepMs: number; tickMs: number };
  /** Folder of the built frontend, served with SPA fallback when it exists. */
  frontendDist: string | null;
}
