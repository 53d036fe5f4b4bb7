import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { templateKeyOf } from '../../src/database/pglite-template';
import { ensureServerBuilt, registerOverHttp, startServerProcess } from '../helpers/server-process';

/**
 * The one-command default's first start (docs/operations.md, "Memory"): a server on an empty
 * DATA_DIR copies the build's migrated data directory instead of running PGlite's initdb, and what
 * it opens is the database a from-scratch initdb and every migration make.
 */
describe('first start on an empty DATA_DIR', () => {
  let dir: string;

  beforeAll(async () => {
    await ensureServerBuilt();
    dir = mkdtempSync(join(tmpdir(), 'papan-first-start-'));
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from the build’s template, and a restart sees the schema a from-scratch database has', async () => {
    expect(templateKeyOf(TEMPLATE_DIR_BUILT)).not.toBeNull();
    const server = await startServerProcess({ DATA_DIR: dir });
    try {
      await registerOverHttp(server.url, 'First');
    } finally {
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }
    // initdb gives each cluster its own system identifier: this one is the template's.
    expect(systemIdentifier(join(dir, 'pgdata'))).toBe(systemIdentifier(join(TEMPLATE_DIR_BUILT, 'pgdata')));

    const restarted = await PGlite.create(join(dir, 'pgdata'));
    const scratch = await PGlite.create({
      loadDataDir: new Blob([new Uint8Array(readFileSync(process.env.PAPAN_PGLITE_TEMPLATE!))]),
    });
    try {
      const [seen, expected] = [await schemaOf(restarted), await schemaOf(scratch)];
      expect(seen.migrations.length).toBeGreaterThan(0);
      expect(seen).toEqual(expected);
      const users = await restarted.query<{ n: number }>('select count(*)::int as n from users');
      expect(users.rows[0]!.n).toBe(1);
    } finally {
      await Promise.all([restarted.close(), scratch.close()]);
    }
  }, 120_000);
});

/** The built server's template (TEMPLATE_DIR is relative to the sources here). */
const TEMPLATE_DIR_BUILT = join(__dirname, '../../dist/pglite-template');

/** pg_control starts with the cluster's 64-bit system identifier. */
function systemIdentifier(pgdata: string): string {
  return readFileSync(join(pgdata, 'global/pg_control')).readBigUInt64LE(0).toString();
}

/** Everything the migrations make: columns, indexes, constraints, triggers, functions, the journal, seeded rows. */
async function schemaOf(db: PGlite) {
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    columns: await rows(`select table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema = 'public' order by 1, 2`),
    indexes: await rows(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    constraints: await rows(`select c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
      join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public' order by 1, 2`),
    triggers: await rows(`select tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
      where not t.tgisinternal order by 1, 2`),
    functions: await rows(`select p.proname, md5(p.prosrc) as src from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1, 2`),
    migrations: await rows(`select hash from drizzle.__drizzle_migrations order by id`),
    settings: await rows(`select registration, allowed_email_domains from instance_settings`),
  };
}
