import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ZipFile } from 'yazl';
import {
  attachmentBlobs,
  boards,
  cards,
  checklistItems,
  comments,
  labels,
  lists,
} from '../../src/database/schema';
import { png } from '../attachments/attachment-helpers';
import type { Cast } from '../helpers/cast';
import { castBoard } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

export const trelloFixture = (): Buffer => readFileSync(join(__dirname, '../fixtures/trello-board.json'));

/** A ZIP of `entries`, deflated by yazl. */
export function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (p: Buffer) => parts.push(p));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** POST /api/boards/import of `bytes` as `name`. */
export function importFile(t: TestApp, user: TestUser, bytes: Buffer, name = 'board.json') {
  return t.http.post('/api/boards/import').set(user.auth).attach('file', bytes, name);
}

/** GET …/export, the body's bytes kept as they came. */
export function exportBoard(t: TestApp, user: TestUser, boardId: string, format: 'json' | 'csv' | 'zip') {
  return t.http
    .get(`/api/boards/${boardId}/export?format=${format}`)
    .set(user.auth)
    .buffer(true)
    .parse((res, done) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => done(null, Buffer.concat(parts)));
    });
}

/** Rows of the tables an import writes, to show a refused one wrote nothing. */
export async function rowCounts(t: TestApp) {
  const n = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0].n;
  return {
    boards: await n(boards),
    lists: await n(lists),
    cards: await n(cards),
    labels: await n(labels),
    items: await n(checklistItems),
    comments: await n(comments),
    blobs: await n(attachmentBlobs),
  };
}

/**
 * A board made through the API the way people make one: three lists, cards with labels, members,
 * due dates, checklists, comments by the owner and a member, and two attachments (an image as cover).
 */
export async function buildBoard(t: TestApp, cast: Pick<Cast, 'owner' | 'member'>) {
  const { owner, member } = cast;
  const ok = <T extends { status: number; body: unknown }>(res: T, _status?: number) => {
    if (res.status < 200 || res.status > 299) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { _id: string };
  };
  const board = await castBoard(t, cast, 'Launch ✨ plan');
  const id = board._id;
  const labelsNow = (await t.http.get(`/api/boards/${id}/labels`).set(owner.auth)).body as { _id: string }[];
  const urgent = ok(
    await t.http.post(`/api/boards/${id}/labels`).set(owner.auth).send({ name: 'Urgent', color: '#ff0000' }),
  );
  const listIds: string[] = [];
  for (const title of ['To do', 'Doing', 'Done'])
    listIds.push(ok(await t.http.post(`/api/boards/${id}/lists`).set(owner.auth).send({ title }))._id);
  const cardIds: string[] = [];
  for (const [li, title, description] of [
    [0, 'Book the venue', 'Capacity 200'],
    [0, 'Press release', ''],
    [1, 'Poster', 'A3, colour'],
    [2, 'Banners', ''],
  ] as const)
    cardIds.push(
      ok(await t.http.post(`/api/lists/${listIds[li]}/cards`).set(owner.auth).send({ title, description }))
        ._id,
    );
  const [venue, press, poster] = cardIds;
  ok(await t.http.post(`/api/cards/${venue}/labels`).set(owner.auth).send({ labelId: urgent._id }));
  ok(await t.http.post(`/api/cards/${venue}/labels`).set(owner.auth).send({ labelId: labelsNow[0]._id }));
  ok(await t.http.post(`/api/cards/${venue}/members`).set(owner.auth).send({ userId: member._id }));
  ok(await t.http.post(`/api/cards/${venue}/members`).set(owner.auth).send({ userId: owner._id }));
  ok(
    await t.http
      .put(`/api/cards/${press}`)
      .set(owner.auth)
      .send({ dueAt: '2030-05-01T10:00:00.000Z', dueComplete: true }),
    200,
  );
  const checklist = ok(
    await t.http.post(`/api/cards/${venue}/checklists`).set(owner.auth).send({ title: 'Steps' }),
  );
  const items: string[] = [];
  for (const text of ['Visit', 'Compare', 'Sign'])
    items.push(
      ok(await t.http.post(`/api/checklists/${checklist._id}/items`).set(owner.auth).send({ text }))._id,
    );
  ok(
    await t.http
      .put(`/api/checklists/${checklist._id}/items/${items[0]}`)
      .set(owner.auth)
      .send({ isCompleted: true }),
    200,
  );
  ok(await t.http.post(`/api/cards/${venue}/comments`).set(owner.auth).send({ text: 'Called them.' }));
  ok(await t.http.post(`/api/cards/${venue}/comments`).set(member.auth).send({ text: 'Hall is cheaper.' }));
  const image = ok(
    await t.http
      .post(`/api/cards/${poster}/attachments`)
      .set(owner.auth)
      .attach('file', await png(), 'poster.png'),
  );
  ok(
    await t.http
      .post(`/api/cards/${poster}/attachments`)
      .set(owner.auth)
      .attach('file', Buffer.from('size: A3\n'), { filename: 'notes.txt', contentType: 'text/plain' }),
  );
  ok(await t.http.put(`/api/cards/${poster}`).set(owner.auth).send({ coverAttachmentId: image._id }));
  return { boardId: id, listIds, cardIds };
}
