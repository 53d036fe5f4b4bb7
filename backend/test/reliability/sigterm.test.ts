import { request } from 'node:http';
import { io } from 'socket.io-client';
import {
  ensureServerBuilt,
  registerOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';

/** What one request ended with: its status, or the network error code when no answer came. */
type Outcome = { status: number; body: { _id?: string } } | { error: string };

async function post(url: string, token: string, body: object): Promise<Outcome> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { _id?: string } };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    return { error: cause?.code ?? String(err) };
  }
}

/** The same POST on a connection of its own (no keep-alive pool): what a new client would get. */
function postOnNewConnection(url: string, token: string, body: object): Promise<Outcome> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { _id?: string } }),
        );
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? String(err) }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? String(err) }));
    req.end(payload);
  });
}

describe('SIGTERM', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    await ensureServerBuilt();
    server = await startServerProcess({ DATA_DIR: 'memory' });
  }, 180_000);
  afterAll(() => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  });

  it('finishes the requests in flight, closes sockets, refuses new work and exits 0 within 10 s', async () => {
    const { token } = await registerOverHttp(server.url);
    const board = (await post(`${server.url}/api/boards`, token, { title: 'Shutdown' })) as {
      body: { _id: string };
    };
    const socket = io(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) =>
      socket.once('connect', () => resolve()).once('connect_error', reject),
    );
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // 60 creates on one board queue behind its row lock: most are still running at the signal.
    const listsUrl = `${server.url}/api/boards/${board.body._id}/lists`;
    let answered = 0;
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      post(listsUrl, token, { title: `List ${i}` }).then((o) => {
        answered++;
        return o;
      }),
    );
    while (answered === 0) await new Promise((r) => setTimeout(r, 1));
    const signalledAt = Date.now();
    const answeredBeforeSignal = answered;
    server.child.kill('SIGTERM');

    // New clients meanwhile: connections already queued are still taken in (for at most 3 s after
    // the signal, and each gets its whole answer); then the listener is closed and they are refused.
    const late: Outcome[] = [];
    for (;;) {
      late.push(await postOnNewConnection(listsUrl, token, { title: 'Late' }));
      const last = late.at(-1)!;
      if ('error' in last || Date.now() - signalledAt > 8_000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const outcomes = await Promise.all(inFlight);
    const exit = await server.exited;

    // Every request the server had accepted got its whole answer; none was cut off.
    expect(outcomes.filter((o) => 'error' in o)).toEqual([]);
    expect(outcomes.map((o) => ('status' in o ? o.status : 0))).toEqual(outcomes.map(() => 201));
    expect(answeredBeforeSignal).toBeLessThan(60);
    expect(await disconnected).toMatch(/server disconnect|transport close/);
    expect(late.slice(0, -1).map((o) => ('status' in o ? o.status : o.error))).toEqual(
      late.slice(0, -1).map(() => 201),
    );
    expect(late.at(-1)).toEqual({ error: 'ECONNREFUSED' });
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalledAt).toBeLessThan(10_000);
    socket.close();
    console.log(
      `SIGTERM: ${60 - answeredBeforeSignal} of 60 creates in flight at the signal all answered 201; ` +
        `exit 0 after ${exit.at - signalledAt} ms`,
    );
  }, 60_000);
});
