import { existsSync, readFileSync } from 'node:fs';
import { ensureServerBuilt, startServerProcess, type ServerProcess } from '../helpers/server-process';

/**
 * An idle server sleeps: every wake-up of its main thread costs CPU, and a poller's 304 shares the
 * core with them (issue 17: 500 pollers every 5 s within 5 % of a core). prom-client's event-loop
 * sampler alone woke it 100 times a second. Counted, not timed: the main thread's voluntary context
 * switches (each one a sleep that something ended) do not depend on how busy the machine is.
 */
const linux = existsSync('/proc/self/task');

(linux ? describe : describe.skip)('an idle server', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    await ensureServerBuilt();
    server = await startServerProcess({ DATA_DIR: 'memory' });
  }, 180_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
  });

  it('wakes its main thread fewer than 30 times a second', async () => {
    const pid = server.child.pid!;
    const sleeps = () => {
      const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
      return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)![1]);
    };
    await new Promise((r) => setTimeout(r, 2000)); // the start-up's own work settles
    const before = sleeps();
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 5000));
    const perSecond = ((sleeps() - before) * 1000) / (Date.now() - started);
    expect(perSecond).toBeGreaterThan(0);
    expect(perSecond).toBeLessThan(30);
  }, 30_000);
});
