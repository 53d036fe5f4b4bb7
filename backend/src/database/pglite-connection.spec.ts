import { readFile } from 'node:fs/promises';
import { PGlite, TransactionAbortedError, type Transaction } from '@electric-sql/pglite';
import { PgliteStatements, pgliteConnection } from './pglite-connection';

/** Counts the calls into PGlite's WASM (every protocol call ends in `execProtocolRawSync`). */
function countCalls(client: PGlite): { calls: number } {
  const counter = { calls: 0 };
  const raw = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    counter.calls += 1;
    return raw(message);
  };
  return counter;
}

async function preparedNames(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((r) => r.name);
}

describe(PgliteStatements.name, () => {
  let client: PGlite;
  let own: PGlite;
  // The tests' migrated template (test/helpers/global-setup) spares a fresh database's initdb.
  const create = async () =>
    PGlite.create({
      loadDataDir: new Blob([new Uint8Array(await readFile(process.env.PAPAN_PGLITE_TEMPLATE!))]),
    });
  beforeAll(async () => {
    client = await create();
    await client.exec(`
      create table t (id int primary key, title text not null, done boolean, at timestamptz,
        meta jsonb, tags text[], bytes bytea);
      insert into t values (1, 'one', true, '2026-11-27T08:00:00Z', '{"a":1}', '{x,y}', '\\x0102');`);
    own = await create();
  });
  afterAll(async () => {
    await client.close();
    await own.close();
  });

  describe('query', () => {
    it('answers what PGlite’s own query answers, for every parameter and row mode', async () => {
      const sut = pgliteConnection(client);
      const at = new Date('2026-11-27T09:30:00.000Z');
      const params = [2, "it's two", false, at, { b: [1, 'two'] }, ['p', 'q "r"'], new Uint8Array([255, 0])];
      const insert = 'insert into t values ($1, $2, $3, $4, $5, $6, $7) returning *';
      const mine = await sut.query(insert, params);
      const theirs = await client.query('select * from t where id = $1', [2]);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine).toMatchObject({ affectedRows: 1, fields: theirs.fields });

      const select = 'select id, title, at, meta, tags from t where id = any($1::int[]) order by id';
      for (const rowMode of ['array', 'object'] as const) {
        expect(await sut.query(select, [[1, 2]], { rowMode })).toEqual(
          await client.query(select, [[1, 2]], { rowMode }),
        );
      }
      expect((await sut.query('update t set done = $1 where id > $2', [true, 0])).affectedRows).toBe(2);
      await client.query('delete from t where id = 2');
    });

    it('runs a statement in one call into the database once it has been prepared', async () => {
      const sut = pgliteConnection(client);
      const counter = countCalls(client);
      const text = 'select title from t where id = $1';
      await sut.query(text, [1]);
      const first = counter.calls;
      await sut.query(text, [1]);
      await sut.query(text, [1]);
      expect(first).toBe(2); // parse and describe, then bind and execute
      expect(counter.calls - first).toBe(2);
      // PGlite's own query: parse, describe, bind, describe, execute, sync.
      const before = counter.calls;
      await client.query(text, [1]);
      expect(counter.calls - before).toBe(6);
    });

    it('rejects a bad statement with the database’s error and goes on working', async () => {
      const sut = pgliteConnection(client);
      await expect(sut.query('selec 1')).rejects.toMatchObject({ code: '42601', query: 'selec 1' });
      await expect(sut.query('select title from t where id = $1', ['not a number'])).rejects.toMatchObject({
        code: '22P02',
      });
      await expect(
        sut.query('insert into t (id, title) values ($1, $2)', [1, 'again']),
      ).rejects.toMatchObject({
        code: '23505',
      });
      expect((await sut.query('select count(*)::int as n from t')).rows).toEqual([{ n: 1 }]);
    });

    it('keeps at most its capacity of statements prepared, closing the oldest', async () => {
      const sut = new PgliteStatements(own, 2);
      for (const n of [1, 2, 3]) sut.query(`select ${n} as n`);
      expect(sut.size).toBe(2);
      sut.query('select 2 as n'); // the next call closes the dropped one
      expect(await preparedNames(own)).toHaveLength(2);
      sut.query(`select '${'x'.repeat(9_000)}' as long`);
      expect(await preparedNames(own)).toHaveLength(2); // a long text is not kept
    });
  });

  describe('transaction', () => {
    it('runs statements in the order they were issued, without waiting for each', async () => {
      const sut = pgliteConnection(client);
      const seen = await sut.transaction(async (tx) => {
        const inserted = tx.query('insert into t (id, title) values ($1, $2)', [10, 'ten']);
        const read = tx.query<{ title: string }>('select title from t where id = $1', [10]);
        await inserted;
        return (await read).rows;
      });
      expect(seen).toEqual([{ title: 'ten' }]);
      expect((await client.query('select 1 from t where id = 10')).rows).toHaveLength(1);
    });

    it('rolls back when the work throws, and refuses a closed transaction', async () => {
      const sut = pgliteConnection(client);
      let kept: Pick<Transaction, 'query'> | undefined;
      await expect(
        sut.transaction(async (tx) => {
          kept = tx;
          await tx.query('insert into t (id, title) values ($1, $2)', [11, 'eleven']);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect((await client.query('select 1 from t where id = 11')).rows).toHaveLength(0);
      await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
    });

    it('answers TransactionAbortedError when a failed statement’s error was swallowed', async () => {
      const sut = pgliteConnection(client);
      await expect(
        sut.transaction(async (tx) => {
          await tx.query('insert into t (id, title) values ($1, $2)', [1, 'duplicate']).catch(() => null);
        }),
      ).rejects.toBeInstanceOf(TransactionAbortedError);
      expect((await sut.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
    });

    it('makes a statement from outside wait until the open transaction has ended', async () => {
      const sut = pgliteConnection(client);
      let release!: () => void;
      const open = sut.transaction(async (tx) => {
        await tx.query('insert into t (id, title) values ($1, $2)', [12, 'twelve']);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await new Promise((resolve) => setImmediate(resolve));
      const outside = sut.query<{ n: number }>('select count(*)::int as n from t where id = $1', [12]);
      release();
      await open;
      expect((await outside).rows).toEqual([{ n: 1 }]);
    });
  });
});
