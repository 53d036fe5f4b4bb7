import { rmSync } from 'node:fs';
import { Client } from 'pg';

export default async function globalTeardown(): Promise<void> {
  if (process.env.PAPAN_TEST_TMP) rmSync(process.env.PAPAN_TEST_TMP, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL && process.env.PAPAN_PG_TEMPLATE) {
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${process.env.PAPAN_PG_TEMPLATE}" with (force)`);
    await admin.end();
  }
}
