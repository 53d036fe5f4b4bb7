import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is left exactly as it came over the wire (no client-side decompression). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

const decode = (a: RawAnswer): Buffer =>
  a.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(a.body)
    : a.headers['content-encoding'] === 'gzip'
      ? gunzipSync(a.body)
      : a.body;

describe('compression', () => {
  let t: TestApp;
  let url: string;
  let dist: string;
  let user: TestUser;
  const script = `console.log(${JSON.stringify('papan '.repeat(2000))});`;
  const page = `<!doctype html><title>Papan</title><div id="root"></div><!-- ${'x'.repeat(2000)} -->`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'papan-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'assets', 'app.js'), script);
    writeFileSync(join(dist, 'assets', 'tiny.js'), 'console.log(1)'); // under 1 kB: not precompressed
    // The frontend build's own step, run on this folder.
    const built = spawnSync(
      process.execPath,
      [join(__dirname, '../../../frontend/scripts/precompress.mjs'), dist],
      {
        encoding: 'utf8',
      },
    );
    expect(built.stdout).toMatch(/precompressed 2 files/);
    t = await startTestApp({ frontendDist: dist });
    url = await listen(t);
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves built files from their .br and .gz made at build time, and as they are to other clients', async () => {
    const br = await rawGet(`${url}/assets/app.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(readFileSync(join(dist, 'assets', 'app.js.br')))).toBe(true);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await rawGet(`${url}/assets/app.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz).toString()).toBe(script);
    const plain = await rawGet(`${url}/assets/app.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i); // caches must keep the variants apart
    expect(br.body.length).toBeLessThan(script.length / 20);
  });

  it('compresses index.html, also as the single-page fallback for app routes', async () => {
    for (const path of ['/', '/board/some-board']) {
      const res = await rawGet(`${url}${path}`, { 'accept-encoding': 'br' });
      expect({ path, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({
        path,
        status: 200,
        encoding: 'br',
      });
      expect(decode(res).toString()).toBe(page);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves small JSON answers alone', async () => {
    const health = await rawGet(`${url}/api/health`, { 'accept-encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toMatchObject({ status: 'ok' });
  });

  it('gzips a large board read, keeps its ETag, and still answers 304 without a body', async () => {
    const boardId = (await createBoard(t, user))._id;
    const listId = (await seedList(t, boardId, 'Backlog')).id;
    for (let i = 0; i < 60; i++)
      await seedCard(t, boardId, listId, `Card ${i} ${'with a longer title '.repeat(3)}`);
    const auth = { authorization: user.auth.Authorization };
    const plain = await rawGet(`${url}/api/boards/${boardId}`, auth);
    const gz = await rawGet(`${url}/api/boards/${boardId}`, { ...auth, 'accept-encoding': 'gzip' });
    expect(plain.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decode(gz).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    const refused = await rawGet(`${url}/api/boards/${boardId}`, {
      ...auth,
      'accept-encoding': 'gzip;q=0, br',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
    const notModified = await rawGet(`${url}/api/boards/${boardId}`, {
      ...auth,
      'accept-encoding': 'gzip',
      'if-none-match': String(gz.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });
});
