import { Client, type Notification } from 'pg';
import { MessageType } from 'socket.io-adapter';
import { createBoard, createUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The PostgreSQL adapter's channel for the main namespace, as its instances NOTIFY on it. */
const CHANNEL = 'socket.io#/';
const pgUrl = process.env.TEST_DATABASE_URL;
const describeOnServer = pgUrl ? describe : describe.skip;

/**
 * A change on an instance that has heard from no other sends no NOTIFY: neither the board event's
 * broadcast nor the cache message (InstanceRelay). Once a second instance is there, both go out and
 * reach it. Watched from a plain LISTEN session on the adapter's channel.
 */
describeOnServer('a lone instance on the PostgreSQL adapter', () => {
  let a: TestApp;
  let b: TestApp | null = null;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let listener: Client;
  const heard: { type: number; uid: string }[] = [];
  const sockets: ClientSocket[] = [];
  const start = () => startTestApp({ databaseUrl, jwtSecret: 'shared-secret-of-both-instances-0123456789' });

  beforeAll(async () => {
    const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
    drop = db.drop;
    databaseUrl = db.url;
    listener = new Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (n: Notification) => {
      const message = JSON.parse(n.payload ?? '{}') as { type: number; uid: string };
      heard.push({ type: message.type, uid: message.uid });
    });
    await listener.query(`LISTEN "${CHANNEL}"`);
    a = await start();
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await b?.close();
    await a.close();
    await listener.end();
    await drop();
  });

  const sent = (type: MessageType) => heard.filter((m) => m.type === type).length;

  it('delivers to its own sockets and sends no NOTIFY for a change', async () => {
    const owner = await createUser(a);
    const board = await createBoard(a, owner);
    const socket = await connect(await listen(a), owner.token);
    sockets.push(socket);
    expect((await joinBoard(socket, board._id)).ok).toBe(true);
    const log = new EventLog(socket);
    heard.length = 0;

    await a.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Alone' });
    expect((await log.waitFor((e) => e.type === 'board.updated')).payload).toMatchObject({ title: 'Alone' });
    await settle(300);
    expect(sent(MessageType.BROADCAST)).toBe(0);
    expect(sent(MessageType.SERVER_SIDE_EMIT)).toBe(0);
  });

  it('tells a second instance once it has heard from it: its sockets and its caches', async () => {
    heard.length = 0;
    b = await start();
    // B announces itself; A has heard it once A answers with a heartbeat of its own.
    const deadline = Date.now() + 10_000;
    const answered = () => {
      const bUid = heard.find((m) => m.type === MessageType.INITIAL_HEARTBEAT)?.uid;
      return bUid && heard.some((m) => m.type === MessageType.HEARTBEAT && m.uid !== bUid);
    };
    while (!answered() && Date.now() < deadline) await settle(50);
    expect(answered()).toBeTruthy();

    const owner = await createUser(a);
    const board = await createBoard(a, owner);
    const onB = await connect(await listen(b), owner.token);
    sockets.push(onB);
    expect((await joinBoard(onB, board._id)).ok).toBe(true);
    const etag = (await b.http.get(`/api/boards/${board._id}`).set(owner.auth)).headers.etag;
    const log = new EventLog(onB);
    heard.length = 0;

    await a.http.put(`/api/boards/${board._id}`).set(owner.auth).send({ title: 'Together' });
    expect((await log.waitFor((e) => e.type === 'board.updated')).payload).toMatchObject({
      title: 'Together',
    });
    expect(sent(MessageType.BROADCAST)).toBeGreaterThan(0);
    // B's cache learnt the new version: its 304 path does not answer the old ETag.
    const poll = await b.http.get(`/api/boards/${board._id}`).set(owner.auth).set('If-None-Match', etag);
    expect(poll.status).toBe(200);
    expect(poll.body).toMatchObject({ title: 'Together' });
    expect(sent(MessageType.SERVER_SIDE_EMIT)).toBeGreaterThan(0);
  });
});
