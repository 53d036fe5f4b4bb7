import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import request from 'supertest';
import { createUser, type TestUser } from '../helpers/factories';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { UPLOADS_DIR } from '../../src/modules/uploads/uploads.service';

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a well-formed 1-bit greyscale PNG of `size`×`size` pixels whose rows are all
 * zero, so ~50 MB of pixels squeeze into a few dozen kilobytes (400 M pixels once decoded).
 */
function pngBomb(size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const raw = Buffer.alloc((Math.ceil(size / 8) + 1) * size); // filter byte + packed row, all zero
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose screen and only frame claim 65,535×65,535 pixels, with a few bytes of image data. */
function gifBomb(): Buffer {
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]);
  const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00]);
  return Buffer.concat([
    Buffer.from('GIF89a'),
    screen,
    frame,
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
  ]);
}

const TRAVERSALS = [
  '/uploads/../../../../../../etc/passwd',
  '/uploads/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
  '/uploads/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/uploads/%252e%252e%252f%252e%252e%252f%252e%252e%252fetc%252fpasswd',
  '/uploads/..%252f..%252f..%252f..%252fetc%252fpasswd',
  '/uploads/..\\..\\..\\..\\..\\etc\\passwd',
  '/uploads/..%5c..%5c..%5c..%5c..%5cetc%5cpasswd',
  '/uploads/....//....//....//....//etc/passwd',
  '/uploads/%00/../../../../etc/passwd',
  '/uploads//etc/passwd',
  '/uploads/%2fetc%2fpasswd',
];

describe('uploaded files', () => {
  let t: TestApp;
  let user: TestUser;
  let uploadsDir: string;
  /** A file beside the uploads folder that a traversal would reach with `../<name>`. */
  let secretName: string;
  const SECRET = `top-secret-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t);
    uploadsDir = t.app.get<string>(UPLOADS_DIR);
    secretName = `papan-secret-${randomBytes(4).toString('hex')}.txt`;
    writeFileSync(join(dirname(uploadsDir), secretName), SECRET);
    writeFileSync(join(uploadsDir, 'kept.png'), 'not really a png');
  });
  afterAll(async () => {
    rmSync(join(dirname(uploadsDir), secretName), { force: true });
    await t.close();
  });

  const traversals = () => [
    ...TRAVERSALS,
    `/uploads/../${secretName}`,
    `/uploads/..%2f${secretName}`,
    `/uploads/%2e%2e%2f${secretName}`,
    `/uploads/%252e%252e%252f${secretName}`,
    `/uploads/..%5c${secretName}`,
    `/uploads/..\\${secretName}`,
  ];

  it('answers 404 to every path traversal, never a file outside the uploads folder', async () => {
    // A raw HTTP client too: supertest/superagent could normalise '..' before sending.
    const url = await listen(t);
    for (const path of traversals()) {
      for (const res of [await t.http.get(path), await request(url).get(path)]) {
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        expect(res.text).not.toContain(SECRET);
        expect(res.text).not.toMatch(/root:.*:0:0:/);
      }
    }
  });

  it('answers 400 to an overlong UTF-8 dot (%c0%ae), which is not a valid URL at all', async () => {
    const res = await t.http.get('/uploads/%c0%ae%c0%ae/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd');
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/root:.*:0:0:/);
    // Refused by Fastify's router before any hook, yet with our error body and headers.
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('is not a valid url component'),
    });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });

  it('serves a stored file with nosniff and never as HTML', async () => {
    const res = await t.http.get('/uploads/kept.png');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a 20,000×20,000 PNG decompression bomb', () => pngBomb(20_000)],
    ['a GIF claiming 65,535×65,535 pixels', gifBomb],
  ])('refuses %s as an avatar with 4xx, before decoding it', async (_what, make) => {
    const bomb = make();
    expect(bomb.length).toBeLessThan(200_000);
    const before = readdirSync(uploadsDir);
    const started = Date.now();
    const res = await t.http
      .put('/api/users/profile')
      .set(user.auth)
      .attach('profilePicture', bomb, 'bomb.png');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toMatch(/pixels/);
    // Reading the header is instant; decoding 400 M pixels would take seconds and gigabytes.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(readdirSync(uploadsDir)).toEqual(before);
    expect((await t.http.get('/api/health')).status).toBe(200);
  });
});
