import { resolve } from 'node:path';
import { envSchema, WEBHOOK_DEFAULTS, type AppConfig } from './app-config';

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  }
  if ((e.GOOGLE_CLIENT_ID && !e.GOOGLE_CLIENT_SECRET) || (!e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if (e.OIDC_ISSUER && (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration: OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const appOrigin = new URL(e.APP_ORIGIN).origin;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    dataDir: e.DATA_DIR === 'memory' ? null : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    jwtTtl: e.JWT_TTL.replace(/\s+/g, ''),
    admin: e.ADMIN_EMAIL
      ? { email: e.ADMIN_EMAIL.trim().toLowerCase(), password: e.ADMIN_PASSWORD!, name: e.ADMIN_NAME }
      : null,
    appOrigin,
    allowedOrigins: [...new Set(e.ALLOWED_ORIGINS ?? defaultOrigins(appOrigin, e.NODE_ENV))],
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET!,
          authUrl: e.GOOGLE_AUTH_URL,
          tokenUrl: e.GOOGLE_TOKEN_URL,
          userInfoUrl: e.GOOGLE_USERINFO_URL,
        }
      : null,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          name: e.OIDC_NAME,
          scopes: e.OIDC_SCOPES.trim().split(/\s+/).join(' '),
          // openid-client refuses http:// issuers; a provider on this machine (or a test's) may use it.
          allowHttp: e.NODE_ENV === 'test' || isLoopbackOrigin(new URL(e.OIDC_ISSUER).origin),
        }
      : null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metrics: { allow: e.METRICS_ALLOW ?? [], token: e.METRICS_TOKEN ?? null },
    instanceId: e.INSTANCE_ID ?? null,
    rateLimit: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerAddress: e.RATE_LIMIT_LOGIN_PER_ADDRESS,
      registerPerAddress: e.RATE_LIMIT_REGISTER_PER_ADDRESS,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      // Every install can prove addresses: without SMTP the links are written to the outbox.
      requireVerifiedEmail: (e.REQUIRE_VERIFIED_EMAIL ?? 'true') === 'true',
    },
    eventLog: { min: e.EVENT_LOG_MIN, retentionDays: e.EVENT_RETENTION_DAYS },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS, purgeEveryMs: 60 * 60 * 1000 },
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS,
    automation: { maxDepth: e.AUTOMATION_MAX_DEPTH, sweepMs: 2_000, tickMs: 5_000 },
    attachmentMaxBytes: e.ATTACHMENT_MAX_MB * 1024 * 1024,
    undoSeconds: e.UNDO_SECONDS,
    undoPurgeEveryMs: 5_000,
    stream: { pingMs: 15_000 },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, ...WEBHOOK_DEFAULTS },
    frontendDist: resolve(__dirname, '../../../../frontend/dist'),
  };
}

/**
 * The dev servers' origins are trusted only when APP_ORIGIN is itself on this machine, whatever
 * NODE_ENV says (`npm start` leaves it unset): a server reached by its public name must not let a
 * page on a visitor's localhost call it with their cookies nor receive the Google popup's message.
 */
function defaultOrigins(appOrigin: string, nodeEnv: string): string[] {
  if (nodeEnv === 'production' || !isLoopbackOrigin(appOrigin)) return [appOrigin];
  return [appOrigin, 'http://localhost:3000', 'http://localhost:5000'];
}

function isLoopbackOrigin(origin: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
}
