import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER } from '../../src/database/database';
import { migrateTemplateDatabase } from './postgres-databases';

/** Migrates once per run: a PGlite dump every test file starts from, and a PostgreSQL template. */
export default async function globalSetup(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'papan-test-'));
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PAPAN_PGLITE_TEMPLATE = file;
  process.env.PAPAN_TEST_TMP = dir;

  const where = process.env.TEST_DATABASE_URL
    ? `the PostgreSQL server ${new URL(process.env.TEST_DATABASE_URL).host}`
    : 'embedded PGlite';
  console.log(`\nBackend suites run on ${where}`);
  if (process.env.TEST_DATABASE_URL) {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      process.env.PAPAN_PG_TEMPLATE = await migrateTemplateDatabase(admin, process.env.TEST_DATABASE_URL);
    } finally {
      await admin.end();
    }
  }
}
