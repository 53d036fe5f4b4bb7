import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { attachmentBlobs, attachmentChunks, attachments, undoEntries } from '../../src/database/schema';
import { UndoPurger } from '../../src/modules/undo/undo-purger';
import { createBoard, seedCard, seedList, type TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/** A board of `owner` with one list and one card. */
export async function seedCardWorld(t: TestApp, owner: TestUser) {
  const boardId = (await createBoard(t, owner, 'Files'))._id;
  const listId = (await seedList(t, boardId, 'To do', 1024)).id;
  const cardId = (await seedCard(t, boardId, listId, 'Card', 1024)).id;
  return { boardId, listId, cardId };
}

/** Uploads `bytes` as `name` in the multipart field `file` (or `field`). */
export function upload(
  t: TestApp,
  user: TestUser,
  cardId: string,
  bytes: Buffer,
  name = 'file.bin',
  contentType?: string,
  field = 'file',
) {
  return t.http
    .post(`/api/cards/${cardId}/attachments`)
    .set(user.auth)
    .attach(field, bytes, contentType ? { filename: name, contentType } : name);
}

/** A read of a file answer, its bytes kept as they came. */
export function download(t: TestApp, user: TestUser, path: string) {
  return t.http
    .get(path)
    .set(user.auth)
    .buffer(true)
    .parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done(null, Buffer.concat(parts)));
    });
}

/**
 * Ends every open undo window now, as UNDO_SECONDS would (docs/api.md, "Undo"): a deleted card's or
 * list's files wait for it, then go.
 */
export async function endUndoWindows(t: TestApp): Promise<void> {
  await t.db.update(undoEntries).set({ expiresAt: sql`now() - interval '1 second'` });
  await t.app.get(UndoPurger).purge();
}

/** Rows of each attachment table. */
export async function storedRows(t: TestApp) {
  const [[a], [b], [c]] = await Promise.all([
    t.db.select({ n: count() }).from(attachments),
    t.db.select({ n: count() }).from(attachmentBlobs),
    t.db.select({ n: count() }).from(attachmentChunks),
  ]);
  return { attachments: a.n, blobs: b.n, chunks: c.n };
}

/** A PNG of `width` × `height`, left half red and right half blue. */
export function png(width = 64, height = 32): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** Random bytes that are no image. */
export function noise(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes[0] = 0x25; // '%': never an image signature
  return bytes;
}
