import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_FOLDER } from '../../src/database/database';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A migrated database on the server that each test file clones (CREATE DATABASE … TEMPLATE). */
export async function migrateTemplateDatabase(admin: Client, url: string): Promise<string> {
  const name = `papan_tpl_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database "${name}"`);
  const pool = new Pool({ connectionString: withDatabase(url, name), max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await pool.end();
  }
  return name;
}

/** A fresh database for one test file, and the function that drops it. */
export async function cloneTemplateDatabase(url: string, template: string) {
  const name = `papan_t_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  // CREATE DATABASE … TEMPLATE needs the template to have no other sessions; retry on a clash.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      break;
    } catch (err) {
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}
