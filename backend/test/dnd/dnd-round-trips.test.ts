import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/database/database';
import { ROLLED_BACK } from '../../src/database/pg-transactions';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { proxiedDatabase, type TcpProxy } from '../helpers/tcp-proxy';
import { settleBackgroundWork, startTestApp, type TestApp } from '../helpers/test-app';

const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

/**
 * A card move on the PostgreSQL server in two writes to it: BEGIN, the board lock and the read of
 * both lists leave together, then the new positions with the log row and COMMIT. What the proxy
 * in front of the server receives is what the pool wrote.
 */
describeOnServer('a card move on the PostgreSQL server', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let drop: () => Promise<void>;
  let owner: TestUser;

  beforeAll(async () => {
    let url: string;
    ({ proxy, url, drop } = await proxiedDatabase(pgUrl!));
    t = await startTestApp({ databaseUrl: url });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.stop();
    await drop?.();
  });

  it('sends BEGIN, the lock and the read in one write, and the last write with COMMIT in another', async () => {
    const { _id: boardId } = await createBoard(t, owner);
    const [a, b] = [await seedList(t, boardId, 'A', 1), await seedList(t, boardId, 'B', 2)];
    const card = await seedCard(t, boardId, a.id, 'c', 1);
    const move = (from: string, to: string) =>
      t.http
        .put(`/api/boards/${boardId}/dnd`)
        .set(owner.auth)
        .send({ type: 'card', cardId: card.id, sourceListId: from, destListId: to, newPosition: 0 });
    const statements = new PreparedNames();
    proxy.onClientData = (chunk) => statements.learn(chunk);
    expect((await move(a.id, b.id)).status).toBe(200); // caches filled, statements prepared
    await settleBackgroundWork();

    const writes: { texts: string[]; named: number }[] = [];
    proxy.onClientData = (chunk) => writes.push(statements.of(chunk));
    expect((await move(b.id, a.id)).status).toBe(200);
    proxy.onClientData = null;

    const transaction = writes.filter((w) => w.texts.some((s) => /^begin$|board_events|^commit$/.test(s)));
    expect(transaction).toHaveLength(2);
    const [opening, closing] = transaction.map((w) => w.texts.join('\n'));
    expect(opening).toMatch(/^begin\n/); // BEGIN first, then the lock, then the read
    expect(opening.indexOf('update "boards" set "version"')).toBeGreaterThan(0);
    expect(opening.indexOf('from "lists"')).toBeGreaterThan(opening.indexOf('update "boards"'));
    expect(closing.indexOf('insert into "board_events"')).toBeGreaterThanOrEqual(0);
    expect(closing.indexOf('commit')).toBeGreaterThan(closing.indexOf('insert into "board_events"'));
    // The statements with parameters go by name (parsed once per pooled connection).
    expect(transaction.map((w) => w.named)).toEqual([2, 1]);
  });
});

/**
 * The statements in what the pool wrote, in order: a simple query's text, and for a statement run
 * by name the text it was prepared with (learnt from the Parse messages seen so far).
 */
class PreparedNames {
  private readonly texts = new Map<string, string>();

  learn(chunk: Buffer): void {
    this.of(chunk);
  }

  of(chunk: Buffer): { texts: string[]; named: number } {
    const found: string[] = [];
    let named = 0;
    for (let at = 0; at + 5 <= chunk.length;) {
      const type = String.fromCharCode(chunk[at]);
      const end = at + 1 + chunk.readUInt32BE(at + 1);
      const strings = chunk
        .subarray(at + 5, end)
        .toString('latin1')
        .split('\0');
      if (type === 'Q') found.push(strings[0]);
      if (type === 'P' && strings[0]) this.texts.set(strings[0], strings[1]);
      if (type === 'P' && !strings[0]) found.push(strings[1]); // unnamed: bound and run at once
      if (type === 'B' && strings[1]) {
        named += 1;
        found.push(this.texts.get(strings[1]) ?? `unknown ${strings[1]}`);
      }
      at = end;
    }
    return { texts: found, named };
  }
}

/** A statement left in flight (not awaited) that fails must fail its transaction, on either store. */
describe.each(pgUrl ? ['pglite', 'postgres'] : ['pglite'])('a transaction on %s', (kind) => {
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
      drop = db.drop;
      handle = await openDatabase({ databaseUrl: db.url, dataDir: null });
    } else {
      handle = await openDatabase({ databaseUrl: null, dataDir: null });
    }
    await handle.db.execute(sql`create table if not exists pipelined (n int primary key)`);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const rows = async () => {
    const result = (await handle.db.execute(sql`select n from pipelined order by n`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows.map((r) => r.n);
  };

  it('commits what was left in flight when it succeeds', async () => {
    await handle.db.transaction(async (tx) => {
      // drizzle sends a statement when its answer is asked for (`then`), not when it is built.
      void tx.execute(sql`insert into pipelined values (1)`).then(() => undefined);
    });
    expect(await rows()).toEqual([1]);
  });

  it('rolls back, and says so, when a statement left in flight fails', async () => {
    let failure: unknown;
    const attempt = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into pipelined values (2)`);
      void tx.execute(sql`insert into pipelined values (1)`).catch((err: unknown) => {
        failure = err;
      });
    });
    await expect(attempt).rejects.toThrow(kind === 'postgres' ? ROLLED_BACK : /rollback|rolled back/i);
    expect(String((failure as { cause?: unknown })?.cause ?? failure)).toMatch(/duplicate key/);
    expect(await rows()).toEqual([1]);
  });
});
