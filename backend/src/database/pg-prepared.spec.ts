import { Pool, type PoolClient } from 'pg';
import { POOL_SETTINGS } from './database';
import { keepPrepared } from './pg-prepared';
import { coalesceWrites } from './pg-transactions';

const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

/** The statements this connection has prepared through the protocol (not SQL PREPARE). */
async function prepared(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements where not from_sql order by prepare_time',
  );
  return rows.map((r) => r.statement);
}

describeOnServer(keepPrepared.name, () => {
  let pool: Pool;
  let client: PoolClient;
  beforeEach(async () => {
    // One connection, set up as the server's pool sets up each of its own, keeping 2 statements.
    pool = new Pool({ connectionString: pgUrl, ...POOL_SETTINGS, max: 1 });
    pool.on('connect', (c) => {
      coalesceWrites(c);
      keepPrepared(c, 2);
    });
    client = await pool.connect();
  });
  afterEach(async () => {
    client.release();
    await pool.end();
  });

  // As drizzle sends them: the config, and the values beside it.
  const select = (n: number) => client.query({ text: `select $1::int + ${n} as n` }, [1]);

  it('prepares a statement text once and runs it again by name, with the same answer', async () => {
    const first = await select(1);
    const again = await select(1);
    expect(again.rows).toEqual([{ n: 2 }]);
    expect(again.rows).toEqual(first.rows);
    expect(await prepared(client)).toEqual(['select $1::int + 1 as n']);
  });

  it('runs one text sent twice before its first answer (pipelined) from one preparation', async () => {
    const [a, b] = await Promise.all([select(1), select(1)]);
    expect([a.rows, b.rows]).toEqual([[{ n: 2 }], [{ n: 2 }]]);
    expect(await prepared(client)).toEqual(['select $1::int + 1 as n']);
  });

  it('keeps at most its capacity, deallocating the least recently used', async () => {
    await select(1);
    await select(2);
    await select(1);
    await select(3); // drops "+ 2", used longest ago
    expect(await prepared(client)).toEqual(['select $1::int + 1 as n', 'select $1::int + 3 as n']);
    expect((await select(2)).rows).toEqual([{ n: 3 }]); // prepared anew
  });

  it('drops a statement the server refused without touching the transaction that drops it', async () => {
    await expect(client.query({ text: 'selec $1', values: [1] })).rejects.toMatchObject({ code: '42601' });
    await client.query('begin');
    await select(1);
    await select(2); // drops the refused one: no DEALLOCATE of a missing statement
    const committed = await client.query('commit');
    expect(committed.command).toBe('COMMIT');
  });

  it('leaves statements without parameters, texts beyond 8,000 characters and named queries as they are', async () => {
    await client.query({ text: 'select 1 as a; select 2 as b', values: [] }); // several: simple protocol
    await client.query({ text: `select $1::text || '${'x'.repeat(8_000)}' as long`, values: ['y'] });
    await client.query({ name: 'mine', text: 'select 1 as one' });
    expect(await prepared(client)).toEqual(['select 1 as one']);
  });
});
