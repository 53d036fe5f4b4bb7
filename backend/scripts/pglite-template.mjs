// @ts-check
// Part of `npm run build -w @papan/backend`: makes the migrated PGlite data directory a server on an
// empty DATA_DIR starts from (docs/operations.md, "Memory"), in this short-lived process, so that
// initdb's memory is never the server's. Skipped when the template matches this PGlite and the
// migrations already.
import { rmSync, mkdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { PGlite } = require('@electric-sql/pglite');
const { drizzle } = require('drizzle-orm/pglite');
const { migrate } = require('drizzle-orm/pglite/migrator');
const template = require('../dist/database/pglite-template.js');
const { MIGRATIONS_FOLDER } = require('../dist/database/database.js');

const dir = template.TEMPLATE_DIR;
const want = template.currentTemplateKey(MIGRATIONS_FOLDER);
const have = template.templateKeyOf(dir);
if (have && have.pglite === want.pglite && have.migrations === want.migrations) process.exit(0);

const started = Date.now();
const staging = `${dir}.making`;
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
const client = await PGlite.create(join(staging, 'pgdata'), { postgresqlconf: ['shared_buffers=16MB'] });
await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
await client.query('checkpoint');
await client.close();
template.writeTemplateKey(staging, want);
rmSync(dir, { recursive: true, force: true });
renameSync(staging, dir);
console.log(`PGlite template for a first start: ${want.migrations} migrations, ${Date.now() - started} ms`);
