import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createUser, type TestUser } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seedCardWorld } from './attachment-helpers';

const MB = 1024 * 1024;

/**
 * A full garbage collection, without `--expose-gc` on the command line: the jest worker that runs
 * this file has run others before it (an RSS of 1.4 GB was seen in CI), and their garbage, collected
 * or not during the calls, moved the figure by more than the server's own work.
 */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
const BOUNDARY = 'papan-memory-test';

/**
 * The upload's bytes, 64 KiB at a time from a few pieces made once: the test allocates nothing per
 * piece, so the RSS it measures is the server's work, not the client's garbage.
 */
const PIECES = Array.from({ length: 7 }, (_, i) => Buffer.alloc(64 * 1024, i * 37 + 1));
const piece = (i: number) => PIECES[i % PIECES.length];

/** POSTs a multipart upload of `size` bytes, written piece by piece as the server takes them. */
function streamUpload(base: string, user: TestUser, cardId: string, size: number) {
  const url = new URL(base);
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const expected = createHash('sha256');
  return new Promise<{ status: number; body: { _id: string }; sha256: string }>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/api/cards/${cardId}/attachments`,
        headers: {
          ...user.auth,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(text), sha256: expected.digest('hex') }),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    let i = 0;
    const pump = () => {
      while (i * 64 * 1024 < size) {
        const next = piece(i++);
        expected.update(next);
        if (!req.write(next)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** GETs a file, hashing it as it comes. */
function streamDownload(base: string, user: TestUser, path: string) {
  const url = new URL(base);
  return new Promise<{ status: number; size: number; sha256: string }>((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, headers: user.auth }, (res) => {
      const hash = createHash('sha256');
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        hash.update(c);
      });
      res.on('end', () => resolve({ status: res.statusCode!, size, sha256: hash.digest('hex') }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * ARCHITECTURE §10.7 keeps attachments in the database and streams them both ways: a 10 MB upload
 * and its download must not hold the file in memory. The server runs in this process and the test
 * streams its side, so the RSS is the server's (and the embedded database's): the highest RSS seen
 * while the calls run, sampled every 5 ms, against the RSS before them (after a full collection).
 */
describe('attachment memory', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  it('uploads and downloads 10 MB with the RSS growing by less than 30 MB', async () => {
    const { cardId } = await seedCardWorld(t, owner);
    const base = await listen(t);
    // Warm up the path (statements prepared, multipart parser loaded) with 1 MB.
    const warm = await streamUpload(base, owner, cardId, MB);
    await streamDownload(base, owner, `/api/attachments/${warm.body._id}`);

    collectGarbage();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const up = await streamUpload(base, owner, cardId, 10 * MB);
      expect(up.status).toBe(201);
      const down = await streamDownload(base, owner, `/api/attachments/${up.body._id}`);
      expect(down).toEqual({ status: 200, size: 10 * MB, sha256: up.sha256 });
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = (peak - before) / MB;
    process.stdout.write(
      `attachment memory (${t.kind}): RSS ${(before / MB).toFixed(0)} MB, peak +${growth.toFixed(1)} MB for 10 MB up and down\n`,
    );
    expect(growth).toBeLessThan(30);
  }, 120_000);
});
