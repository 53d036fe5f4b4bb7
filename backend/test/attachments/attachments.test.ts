import sharp from 'sharp';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { download, noise, png, seedCardWorld, storedRows, upload } from './attachment-helpers';

describe('attachments (docs/api.md, "Attachments")', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ attachmentMaxBytes: 1024 * 1024 });
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  describe('upload, list and download', () => {
    it('stores a file over several chunks and serves the same bytes back', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const bytes = noise(700 * 1024);
      const res = await upload(t, owner, cardId, bytes, 'report.pdf', 'application/pdf');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        cardId,
        name: 'report.pdf',
        size: bytes.length,
        mimeType: 'application/pdf',
        isImage: false,
        url: `/api/attachments/${res.body._id}`,
        createdAt: expect.any(String),
        uploadedBy: owner._id,
      });
      const list = await t.http.get(`/api/cards/${cardId}/attachments`).set(owner.auth);
      expect(list.body).toEqual([res.body]);
      const file = await download(t, owner, res.body.url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment; filename="report.pdf"');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(Buffer.compare(file.body as Buffer, bytes)).toBe(0);
    });

    it('puts the attachments and the cover on the card in the full and the compact board read', async () => {
      const { boardId, cardId } = await seedCardWorld(t, owner);
      const image = (await upload(t, owner, cardId, await png(), 'photo.png')).body;
      await upload(t, owner, cardId, noise(10), 'notes.txt', 'text/plain');
      expect(
        (await t.http.put(`/api/cards/${cardId}`).set(owner.auth).send({ coverAttachmentId: image._id }))
          .status,
      ).toBe(200);
      const full = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      const card = full.body.lists[0].cards[0];
      expect(card.coverAttachmentId).toBe(image._id);
      expect(card.attachments.map((a: { name: string }) => a.name)).toEqual(['photo.png', 'notes.txt']);
      const compact = await t.http.get(`/api/boards/${boardId}?view=compact`).set(owner.auth);
      expect(compact.body.lists[0].cards[0]).toMatchObject({
        coverAttachmentId: image._id,
        attachmentCount: 2,
      });
      expect(compact.body.lists[0].cards[0].attachments).toBeUndefined();
    });
  });

  describe('images', () => {
    it('tells a PNG by its bytes and serves a WebP thumbnail of it', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const res = await upload(t, owner, cardId, await png(800, 400), 'wide', 'application/octet-stream');
      expect(res.body).toMatchObject({ isImage: true, mimeType: 'image/png' });
      expect(res.body.thumbnailUrl).toBe(`/api/attachments/${res.body._id}/thumbnail`);
      const file = await download(t, owner, res.body.url);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toBe('inline; filename="wide"');
      const thumb = await download(t, owner, res.body.thumbnailUrl);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const meta = await sharp(thumb.body as Buffer).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 200]);
    });

    it('turns an EXIF-rotated JPEG upright in its thumbnail and keeps none of its metadata', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      // Stored 60 × 20 with orientation 6 (rotate 90° clockwise to show): shown 20 wide, 60 high.
      const jpeg = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#00ff00' } })
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera' } } })
        .toBuffer();
      expect((await sharp(jpeg).metadata()).orientation).toBe(6);
      const res = await upload(t, owner, cardId, jpeg, 'phone.jpg', 'image/jpeg');
      expect(res.body).toMatchObject({ isImage: true, mimeType: 'image/jpeg' });
      const thumb = await download(t, owner, res.body.thumbnailUrl);
      const meta = await sharp(thumb.body as Buffer).metadata();
      expect([meta.width, meta.height]).toEqual([20, 60]);
      expect(meta.orientation).toBeUndefined();
      expect(meta.exif).toBeUndefined();
      expect((thumb.body as Buffer).includes('secret-camera')).toBe(false);
    });

    it('treats SVG and HTML as files: served as attachments with nosniff, never inline', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const html = Buffer.from('<html><script>alert(1)</script></html>');
      for (const [bytes, name, type] of [
        [svg, 'x.svg', 'image/svg+xml'],
        [html, 'x.html', 'text/html'],
      ] as const) {
        const res = await upload(t, owner, cardId, bytes, name, type);
        expect(res.body).toMatchObject({ isImage: false });
        expect(res.body.thumbnailUrl).toBeUndefined();
        const file = await download(t, owner, res.body.url);
        expect(file.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-security-policy']).toContain('sandbox');
        expect((await t.http.get(`${res.body.url}/thumbnail`).set(owner.auth)).status).toBe(404);
      }
    });

    it('keeps a file that only starts like a PNG as a file', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const fake = Buffer.concat([(await png()).subarray(0, 16), noise(100)]);
      const res = await upload(t, owner, cardId, fake, 'broken.png', 'image/png');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ isImage: false, mimeType: 'image/png' });
      expect((await download(t, owner, res.body.url)).headers['content-disposition']).toMatch(/^attachment;/);
    });
  });

  describe('names', () => {
    it('keeps a non-ASCII name in filename* (RFC 6266) with an ASCII fallback', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const res = await upload(t, owner, cardId, noise(5), 'Rencana → 2026 (final).txt', 'text/plain');
      expect(res.body.name).toBe('Rencana → 2026 (final).txt');
      const file = await download(t, owner, res.body.url);
      expect(file.headers['content-disposition']).toBe(
        `attachment; filename="Rencana ? 2026 (final).txt"; filename*=UTF-8''Rencana%20%E2%86%92%202026%20%28final%29.txt`,
      );
    });

    it('drops folders and control characters and cuts long names before the extension', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const sneaky = await upload(t, owner, cardId, noise(5), '..\\..\\etc/pass\u0007wd\u202e.txt');
      expect(sneaky.body.name).toBe('passwd.txt');
      const long = await upload(t, owner, cardId, noise(5), `${'a'.repeat(400)}.tar.gz`);
      expect(long.body.name).toHaveLength(255);
      expect(long.body.name.endsWith('a.gz')).toBe(true);
      const dots = await upload(t, owner, cardId, noise(5), '..');
      expect(dots.body.name).toBe('file');
    });
  });

  describe('refused uploads leave nothing behind', () => {
    it('takes a file of exactly the limit and answers 413 one byte over it, keeping nothing', async () => {
      const { cardId } = await seedCardWorld(t, owner);
      const limit = t.config.attachmentMaxBytes;
      expect((await upload(t, owner, cardId, noise(limit))).status).toBe(201);
      const before = await storedRows(t);
      const res = await upload(t, owner, cardId, noise(limit + 1));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('file: must be at most 1 MB');
      expect(await storedRows(t)).toEqual(before);
    });

    type Req = ReturnType<TestApp['http']['post']>;
    it.each([
      ['a JSON body', 415, (r: Req) => r.send({ file: 'x' })],
      ['no file part', 400, (r: Req) => r.field('name', 'x')],
      ['the file in another field', 400, (r: Req) => r.attach('upload', Buffer.from('x'), 'a.txt')],
      ['an empty file', 400, (r: Req) => r.attach('file', Buffer.alloc(0), 'a.txt')],
      [
        'a malformed multipart body',
        400,
        (r: Req) => r.set('content-type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nbroken'),
      ],
    ] as const)('answers %s with a clear %i', async (_what, status, build) => {
      const { cardId } = await seedCardWorld(t, owner);
      const before = await storedRows(t);
      const res = await build(t.http.post(`/api/cards/${cardId}/attachments`).set(owner.auth));
      expect({ status: res.status, message: typeof res.body.message }).toEqual({ status, message: 'string' });
      expect(await storedRows(t)).toEqual(before);
    });

    it('answers 404 for an unknown card and 400 for an id that is none, storing nothing', async () => {
      const before = await storedRows(t);
      const unknown = await upload(t, owner, '00000000-0000-4000-8000-000000000000', noise(5));
      expect(unknown.status).toBe(404);
      expect((await upload(t, owner, 'not-an-id', noise(5))).status).toBe(400);
      expect((await t.http.get('/api/attachments/not-an-id').set(owner.auth)).status).toBe(400);
      expect(
        (await t.http.get('/api/attachments/00000000-0000-4000-8000-000000000000').set(owner.auth)).status,
      ).toBe(404);
      expect(await storedRows(t)).toEqual(before);
    });
  });

  describe('cover', () => {
    it('sets and takes off a cover, which must be an image of that card', async () => {
      const { cardId, listId, boardId } = await seedCardWorld(t, owner);
      const image = (await upload(t, owner, cardId, await png(), 'a.png')).body;
      const text = (await upload(t, owner, cardId, noise(5), 'a.txt')).body;
      const put = (coverAttachmentId: string | null, id = cardId) =>
        t.http.put(`/api/cards/${id}`).set(owner.auth).send({ coverAttachmentId });
      const set = await put(image._id);
      expect(set.status).toBe(200);
      expect(set.body.coverAttachmentId).toBe(image._id);
      expect((await put(text._id)).status).toBe(400);
      const { seedCard } = await import('../helpers/factories');
      const other = (await seedCard(t, boardId, listId, 'Other', 2048)).id;
      const refused = await put(image._id, other);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('coverAttachmentId: must be an image attached to this card');
      expect((await put('nope')).status).toBe(400);
      const unset = await put(null);
      expect(unset.body.coverAttachmentId).toBeNull();
      await put(image._id);
      expect((await t.http.delete(image.url).set(owner.auth)).status).toBe(200);
      const card = await t.http.get(`/api/cards/${cardId}/attachments`).set(owner.auth);
      expect(card.body.map((a: { _id: string }) => a._id)).toEqual([text._id]);
      const board = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      expect(board.body.lists[0].cards[0].coverAttachmentId).toBeNull();
    });
  });
});
