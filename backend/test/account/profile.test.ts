import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { decode } from 'jsonwebtoken';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { UPLOADS_DIR } from '../../src/modules/uploads/uploads.service';

const image = (format: 'png' | 'jpeg' | 'gif') =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 90 } } })
    .toFormat(format)
    .toBuffer();

describe('PUT /api/users/profile', () => {
  let t: TestApp;
  let user: TestUser;
  let uploadsDir: string;

  beforeAll(async () => {
    t = await startTestApp();
    uploadsDir = t.app.get<string>(UPLOADS_DIR);
  });
  beforeEach(async () => {
    user = await createUser(t, { name: 'Dewi' });
  });
  afterAll(() => t.close());

  const put = (u: TestUser = user) => t.http.put('/api/users/profile').set(u.auth);
  const files = () => readdirSync(uploadsDir);

  it('updates name, gender and social links and answers the user with a fresh token', async () => {
    const res = await put()
      .field('name', 'Dewi Lestari')
      .field('gender', 'female')
      .field(
        'socialLinks',
        JSON.stringify({ website: 'https://dewi.example', github: '', twitter: 'https://x.com/dewi' }),
      );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Dewi Lestari',
      gender: 'female',
      socialLinks: { website: 'https://dewi.example', twitter: 'https://x.com/dewi' },
    });
    const payload = decode(res.body.token) as Record<string, unknown>;
    expect(payload).toMatchObject({
      name: 'Dewi Lestari',
      gender: 'female',
      sid: (decode(user.token) as { sid: string }).sid,
    });
    expect(
      (await t.http.get('/api/users/me').set('Authorization', `Bearer ${res.body.token}`)).body.name,
    ).toBe('Dewi Lestari');
  });

  it.each(['png', 'jpeg', 'gif'] as const)(
    'accepts a real %s and serves it back as a 256x256 PNG',
    async (format) => {
      const res = await put()
        .field('name', 'Dewi')
        .attach('profilePicture', await image(format), `me.${format}`);
      expect(res.status).toBe(200);
      const url: string = res.body.user.profilePictureUrl;
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]+\.png$/);
      const served = await t.http.get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(served.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    },
  );

  it('removes the old picture when a new one arrives', async () => {
    const first = await put().attach('profilePicture', await image('png'), 'a.png');
    const second = await put().attach('profilePicture', await image('jpeg'), 'b.jpg');
    expect(second.status).toBe(200);
    expect(files()).not.toContain(first.body.user.profilePictureUrl.split('/').pop());
    expect(files()).toContain(second.body.user.profilePictureUrl.split('/').pop());
  });

  it.each([
    ['a text file renamed .png', () => Buffer.from('just some text, honestly'), 415],
    [
      'an SVG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      415,
    ],
    ['a truncated PNG', async () => (await image('png')).subarray(0, 60), 422],
  ])('refuses %s and leaves nothing on disk', async (_name, bytes, status) => {
    const before = files();
    const res = await put().attach('profilePicture', await bytes(), 'evil.png');
    expect(res.status).toBe(status);
    expect(files()).toEqual(before);
    expect((await t.http.get('/api/users/me').set(user.auth)).body.profilePictureUrl).toBeNull();
  });

  it('refuses a 3 MB image with 413 and leaves nothing on disk', async () => {
    const noise = Buffer.alloc(1100 * 1000 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1100, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3_000_000);
    const before = files();
    const res = await put().attach('profilePicture', big, 'big.png');
    expect(res.status).toBe(413);
    expect(files()).toEqual(before);
  });

  it.each([
    ['a gender outside the four values', { gender: 'robot' }, 'gender'],
    [
      'a javascript: social link',
      { socialLinks: JSON.stringify({ website: 'javascript:alert(1)' }) },
      'socialLinks.website',
    ],
    ['social links that are not JSON', { socialLinks: '{oops' }, 'socialLinks'],
    ['an unknown social network', { socialLinks: JSON.stringify({ myspace: 'https://x' }) }, 'socialLinks'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a 201-character name', { name: 'x'.repeat(201) }, 'name'],
  ])('answers 400 for %s', async (_case, fields, field) => {
    let req = put();
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
  });

  it('answers 415 for a JSON body', async () => {
    const res = await put().send({ name: 'x' });
    expect(res.status).toBe(415);
  });
});
