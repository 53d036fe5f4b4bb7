import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { currentTemplateKey, seedFromTemplate, writeTemplateKey } from './pglite-template';
import { MIGRATIONS_FOLDER } from './database';

describe('seedFromTemplate', () => {
  let root: string;
  const template = () => join(root, 'template');
  const pgdata = () => join(root, 'data', 'pgdata');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'papan-template-'));
    mkdirSync(join(template(), 'pgdata'), { recursive: true });
    writeFileSync(join(template(), 'pgdata', 'PG_VERSION'), '17\n');
    mkdirSync(join(root, 'data'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies a template made by this PGlite into an empty data directory', () => {
    writeTemplateKey(template(), currentTemplateKey(MIGRATIONS_FOLDER));
    expect(seedFromTemplate(pgdata(), template())).toBe(true);
    expect(readFileSync(join(pgdata(), 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(existsSync(`${pgdata()}.seeding`)).toBe(false);
  });

  it('leaves a data directory that holds a database alone', () => {
    writeTemplateKey(template(), currentTemplateKey(MIGRATIONS_FOLDER));
    mkdirSync(pgdata());
    writeFileSync(join(pgdata(), 'PG_VERSION'), 'mine');
    expect(seedFromTemplate(pgdata(), template())).toBe(false);
    expect(readFileSync(join(pgdata(), 'PG_VERSION'), 'utf8')).toBe('mine');
  });

  it('ignores a template of another PGlite version, or none', () => {
    expect(seedFromTemplate(pgdata(), template())).toBe(false);
    writeTemplateKey(template(), { pglite: '0.0.1', migrations: 1 });
    expect(seedFromTemplate(pgdata(), template())).toBe(false);
    expect(existsSync(pgdata())).toBe(false);
  });
});
