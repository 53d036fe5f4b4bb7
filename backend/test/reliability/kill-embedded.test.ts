import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BoardDetail } from '@papan/shared';
import {
  ensureServerBuilt,
  freePort,
  launchServer,
  registerOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process';

describe('kill -9 of the server on the embedded database', () => {
  let dir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    await ensureServerBuilt();
    dir = mkdtempSync(join(tmpdir(), 'papan-kill-'));
  }, 180_000);
  afterAll(() => {
    for (const s of servers)
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no acknowledged write, takes over the stale lock, and refuses a second process', async () => {
    const first = await startServerProcess({ DATA_DIR: dir });
    servers.push(first);
    const { token } = await registerOverHttp(first.url);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const board = (await (
      await fetch(`${first.url}/api/boards`, { method: 'POST', headers: auth, body: '{"title":"Crash"}' })
    ).json()) as { _id: string };

    // Eight writers create lists until the kill; a list counts once its 201 has arrived.
    const acknowledged: string[] = [];
    let failed = 0;
    let running = true;
    const writers = Array.from({ length: 8 }, async (_, w) => {
      for (let i = 0; running; i++) {
        try {
          const res = await fetch(`${first.url}/api/boards/${board._id}/lists`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ title: `w${w}-${i}` }),
          });
          if (res.status === 201) acknowledged.push(((await res.json()) as { _id: string })._id);
        } catch {
          failed++; // the kill cut this one: it was never acknowledged
        }
      }
    });
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    running = false;
    await Promise.all(writers);
    const lockFile = join(dir, 'papan.lock');
    expect(existsSync(lockFile)).toBe(true);
    expect(Number(readFileSync(lockFile, 'utf8'))).toBe(first.child.pid);

    const second = await startServerProcess({ DATA_DIR: dir });
    servers.push(second);
    const read = await fetch(`${second.url}/api/boards/${board._id}`, { headers: auth });
    expect(read.status).toBe(200);
    const present = new Set(((await read.json()) as BoardDetail).lists.map((l) => l._id));
    const lost = acknowledged.filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    expect(Number(readFileSync(lockFile, 'utf8'))).toBe(second.child.pid);

    const intruder = launchServer({ DATA_DIR: dir, PORT: String(await freePort()) });
    servers.push(intruder);
    const exit = await intruder.exited;
    expect(exit.code).toBe(1);
    expect(intruder.output()).toMatch(/DATA_DIR .* is in use by another Papan process \(pid \d+\)/);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    console.log(
      `kill -9 under load: ${acknowledged.length} acknowledged creates, all ${present.size} present after restart ` +
        `(${failed} requests failed from the kill on, ${present.size - acknowledged.length} committed but never acknowledged)`,
    );
  }, 110_000);
});
