import { ConfigError, loadConfig } from './load-config';

describe(loadConfig.name, () => {
  it('applies the defaults of docs/operations.md, "Configuration"', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      port: 5000,
      databaseUrl: null,
      jwtTtl: '7d',
      appOrigin: 'http://localhost:5000',
      allowedOrigins: ['http://localhost:5000', 'http://localhost:3000'],
      google: null,
      admin: null,
    });
    expect(sut.dataDir).toMatch(/\/data$/);
  });

  it('reads ATTACHMENT_MAX_MB as MiB, 10 by default (docs/api.md, "Attachments")', () => {
    expect(loadConfig({}).attachmentMaxBytes).toBe(10 * 1024 * 1024);
    expect(loadConfig({ ATTACHMENT_MAX_MB: '25' }).attachmentMaxBytes).toBe(25 * 1024 * 1024);
  });

  it('keeps everything in memory for DATA_DIR=memory', () => {
    expect(loadConfig({ DATA_DIR: 'memory' }).dataDir).toBeNull();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL'],
    [{ APP_ORIGIN: 'not a url' }, 'APP_ORIGIN'],
    [{ ADMIN_EMAIL: 'nope', ADMIN_PASSWORD: 'longenough' }, 'ADMIN_EMAIL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ METRICS_ALLOW: '10.0.0.0/33' }, 'METRICS_ALLOW'],
    [{ METRICS_ALLOW: '10.0.0.1, example.com' }, 'METRICS_ALLOW'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ INSTANCE_ID: 'two words' }, 'INSTANCE_ID'],
    [{ RATE_LIMIT_LOGIN_PER_ACCOUNT: 'ten' }, 'RATE_LIMIT_LOGIN_PER_ACCOUNT'],
    [{ RATE_LIMIT_LOGIN_PER_ADDRESS: '-1' }, 'RATE_LIMIT_LOGIN_PER_ADDRESS'],
    [{ RATE_LIMIT_REGISTER_PER_ADDRESS: '2.5' }, 'RATE_LIMIT_REGISTER_PER_ADDRESS'],
    [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, 'RATE_LIMIT_WINDOW_SECONDS'],
    [{ EVENT_LOG_MIN: '0' }, 'EVENT_LOG_MIN'],
    [{ EVENT_RETENTION_DAYS: 'a month' }, 'EVENT_RETENTION_DAYS'],
    [{ REMINDER_INTERVAL_SECONDS: '0' }, 'REMINDER_INTERVAL_SECONDS'],
    [{ WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'WEBHOOK_ALLOW_PRIVATE'],
    [{ ATTACHMENT_MAX_MB: '0' }, 'ATTACHMENT_MAX_MB'],
    [{ ATTACHMENT_MAX_MB: '2.5' }, 'ATTACHMENT_MAX_MB'],
    [{ ATTACHMENT_MAX_MB: 'ten' }, 'ATTACHMENT_MAX_MB'],
  ])('stops with one line naming the variable for %j', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(variable);
    expect(message).not.toContain('\n');
  });

  it('reads the metrics access list, token and instance name', () => {
    const sut = loadConfig({
      METRICS_ALLOW: '10.0.0.0/8, 192.0.2.7, 2001:db8::/32',
      METRICS_TOKEN: 'a-long-enough-token',
      INSTANCE_ID: 'papan-1',
    });
    expect(sut.metrics).toEqual({
      allow: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'],
      token: 'a-long-enough-token',
    });
    expect(sut.instanceId).toBe('papan-1');
    expect(loadConfig({})).toMatchObject({ metrics: { allow: [], token: null }, instanceId: null });
  });

  it('reads the sign-in and registration limits, where 0 turns one off', () => {
    expect(loadConfig({}).rateLimit).toEqual({
      loginPerAccount: 10,
      loginPerAddress: 20,
      registerPerAddress: 20,
      windowSeconds: 60,
    });
    const sut = loadConfig({
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '0',
      RATE_LIMIT_LOGIN_PER_ADDRESS: '500',
      RATE_LIMIT_REGISTER_PER_ADDRESS: '7',
      RATE_LIMIT_WINDOW_SECONDS: '900',
    });
    expect(sut.rateLimit).toEqual({
      loginPerAccount: 0,
      loginPerAddress: 500,
      registerPerAddress: 7,
      windowSeconds: 900,
    });
  });

  it('trusts only APP_ORIGIN in production when ALLOWED_ORIGINS is unset (no localhost)', () => {
    const sut = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-32-characters',
      APP_ORIGIN: 'https://papan.example/',
    });
    expect(sut.allowedOrigins).toEqual(['https://papan.example']);
  });

  it.each([undefined, 'development', 'test'])(
    'trusts the dev origins only when APP_ORIGIN is on localhost (NODE_ENV %s)',
    (NODE_ENV) => {
      for (const remote of ['https://papan.example', 'http://192.0.2.10:5000', 'http://localhost.example'])
        expect(loadConfig({ NODE_ENV, APP_ORIGIN: remote }).allowedOrigins).toEqual([remote]);
      for (const local of ['http://localhost:5000', 'http://127.0.0.1:8080', 'http://[::1]:5000'])
        expect(loadConfig({ NODE_ENV, APP_ORIGIN: local }).allowedOrigins).toEqual([
          ...new Set([local, 'http://localhost:3000', 'http://localhost:5000']),
        ]);
    },
  );

  it('reads ALLOWED_ORIGINS as a comma-separated list', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example' }).allowedOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });

  it('refuses private webhook targets unless WEBHOOK_ALLOW_PRIVATE=true', () => {
    expect(loadConfig({}).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({}).webhooks.retryDelaysMs[0]).toBe(10_000);
  });
});
