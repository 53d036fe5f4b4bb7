import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/bootstrap';
import type { AppConfig } from '../../src/common/config/app-config';
import { loadConfig } from '../../src/common/config/load-config';
import type { Database, QueryCounter } from '../../src/database/database';
import { ADMIN_STATS_DEBOUNCE_MS } from '../../src/modules/admin/admin-stats.publisher';
import { cloneTemplateDatabase } from './postgres-databases';

export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  db: Database;
  counter: QueryCounter;
  config: AppConfig;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<AppConfig, 'rateLimit'>> & {
  rateLimit?: Partial<AppConfig['rateLimit']>;
};

/**
 * The real server on its own fresh database: a copy of the migrated PGlite, or, when
 * TEST_DATABASE_URL is set, a clone of the migrated template on that PostgreSQL server.
 */
export async function startTestApp(
  overrides: ConfigOverrides = {},
  env: NodeJS.ProcessEnv = {},
): Promise<TestApp> {
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory',
    LOG_LEVEL: process.env.DBG_LOG ?? 'silent',
    ...env,
  });
  const pg =
    process.env.TEST_DATABASE_URL &&
    process.env.PAPAN_PG_TEMPLATE &&
    !overrides.dataDir &&
    !overrides.databaseUrl
      ? await cloneTemplateDatabase(process.env.TEST_DATABASE_URL, process.env.PAPAN_PG_TEMPLATE)
      : null;
  const config: AppConfig = {
    ...base,
    frontendDist: null,
    // Background looks (webhook sweep, reminders, ended undo windows) stay out of the statement
    // counts of other tests; their own tests set short intervals or call them directly.
    webhooks: { ...base.webhooks, pollMs: 60_000 },
    reminderIntervalSeconds: 3_600,
    undoPurgeEveryMs: 3_600_000,
    // Rules still run at once after each change; the sweep and the timed look are their tests' own.
    automation: { ...base.automation, sweepMs: 3_600_000, tickMs: 3_600_000 },
    ...overrides,
    databaseUrl: pg?.url ?? overrides.databaseUrl ?? null,
    rateLimit: {
      ...base.rateLimit,
      loginPerAccount: 1000,
      loginPerAddress: 1000,
      registerPerAddress: 1000,
      ...overrides.rateLimit,
    },
  };
  const { app, database } = await createApp(config, {
    pgliteTemplate: overrides.dataDir ? null : process.env.PAPAN_PGLITE_TEMPLATE,
    logger: false,
  });
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    http: request(app.getHttpServer()),
    db: database.db,
    counter: database.counter,
    config,
    kind: database.kind,
    close: async () => {
      await app.close();
      await pg?.drop();
    },
  };
}

/**
 * Waits until the server's own background work after a change (the debounced admin-stats recount)
 * has run, so a test counting SQL statements counts only the request it makes.
 */
export async function settleBackgroundWork(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ADMIN_STATS_DEBOUNCE_MS + 150));
}
