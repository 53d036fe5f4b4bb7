// @ts-check
// A PostgreSQL server for the runs that need one: BENCH_DATABASE_URL, else a local server that
// answers at postgres://postgres@127.0.0.1:5432. Each run works in its own temporary database.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

const { Client } = createRequire(join(ROOT, 'backend', 'package.json'))('pg');
const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server URL to use, or null when none answers. */
export async function findPostgres() {
  const url = process.env.BENCH_DATABASE_URL || LOCAL;
  try {
    const version = await query(url, 'show server_version');
    return { url, version: String(version[0].server_version), fromEnv: !!process.env.BENCH_DATABASE_URL };
  } catch (err) {
    if (process.env.BENCH_DATABASE_URL) throw err;
    return null;
  }
}

/**
 * Creates a throw-away database on the server; `drop` removes it.
 * @param {string} serverUrl
 */
export async function createTempDatabase(serverUrl) {
  const name = `papan_bench_${randomBytes(5).toString('hex')}`;
  await query(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => query(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** @param {string} url @param {string} text @returns {Promise<any[]>} */
async function query(url, text) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
