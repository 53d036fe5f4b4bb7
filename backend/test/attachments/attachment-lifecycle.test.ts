import { request as httpRequest } from 'node:http';
import { applyEvent, type BoardEventsPage, type CompactBoardDetail } from '@papan/shared';
import { createUser, seedMember, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { endUndoWindows, noise, png, seedCardWorld, storedRows, upload } from './attachment-helpers';

const until = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('attachments over their life (docs/api.md, "Attachments")', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(() => t.close());

  /** A card with an image (the cover) and a file of 600 KB (three chunks). */
  async function cardWithFiles(user = owner) {
    const world = await seedCardWorld(t, user);
    const image = (await upload(t, user, world.cardId, await png(), 'cover.png')).body;
    await upload(t, user, world.cardId, noise(600 * 1024), 'big.bin');
    await t.http.put(`/api/cards/${world.cardId}`).set(user.auth).send({ coverAttachmentId: image._id });
    return { ...world, image };
  }

  describe('card copy', () => {
    it("shares the original's files (no new blob) and its cover, and each card deletes only its own", async () => {
      const before = await storedRows(t);
      const { cardId, image } = await cardWithFiles();
      const afterUpload = await storedRows(t);
      const copy = await t.http.post(`/api/cards/${cardId}/copy`).set(owner.auth);
      expect(copy.status).toBe(201);
      expect(copy.body.attachments.map((a: { name: string }) => a.name)).toEqual(['cover.png', 'big.bin']);
      expect(copy.body.attachments[0]._id).not.toBe(image._id);
      expect(copy.body.coverAttachmentId).toBe(copy.body.attachments[0]._id);
      const afterCopy = await storedRows(t);
      expect(afterCopy).toEqual({ ...afterUpload, attachments: afterUpload.attachments + 2 });
      // The copy's file is the same bytes, read through its own attachment.
      const bytes = await t.http.get(copy.body.attachments[1].url).set(owner.auth).buffer(true);
      expect(bytes.status).toBe(200);
      expect(Number(bytes.headers['content-length'])).toBe(600 * 1024);

      expect((await t.http.delete(`/api/cards/${cardId}`).set(owner.auth)).status).toBe(200);
      expect(await storedRows(t)).toEqual({ ...afterUpload, attachments: afterUpload.attachments });
      expect((await t.http.get(copy.body.attachments[1].url).set(owner.auth)).status).toBe(200);
      expect((await t.http.delete(`/api/cards/${copy.body._id}`).set(owner.auth)).status).toBe(200);
      await endUndoWindows(t); // the files wait for the deletes' undo (docs/api.md, "Undo")
      expect(await storedRows(t)).toEqual(before);
    });
  });

  describe('deleting what holds them removes the files nothing else uses', () => {
    it('after an attachment delete', async () => {
      const before = await storedRows(t);
      const { cardId } = await seedCardWorld(t, owner);
      const { body } = await upload(t, owner, cardId, await png(), 'a.png');
      expect((await storedRows(t)).blobs).toBe(before.blobs + 2); // the file and its thumbnail
      expect((await t.http.delete(body.url).set(owner.auth)).status).toBe(200);
      expect(await storedRows(t)).toEqual(before);
      expect((await t.http.get(body.url).set(owner.auth)).status).toBe(404);
      expect((await t.http.delete(body.url).set(owner.auth)).status).toBe(404);
    });

    it('after a card delete', async () => {
      const before = await storedRows(t);
      const { cardId } = await cardWithFiles();
      await t.http.post(`/api/cards/${cardId}/copy`).set(owner.auth);
      await t.http.delete(`/api/cards/${cardId}`).set(owner.auth);
      expect((await storedRows(t)).blobs).toBeGreaterThan(before.blobs); // the copy keeps them
    });

    it('after a list delete', async () => {
      const before = await storedRows(t);
      const { cardId, listId } = await cardWithFiles();
      await t.http.post(`/api/cards/${cardId}/copy`).set(owner.auth);
      expect((await t.http.delete(`/api/lists/${listId}`).set(owner.auth)).status).toBe(200);
      await endUndoWindows(t);
      expect(await storedRows(t)).toEqual(before);
    });

    it('after a board delete', async () => {
      const before = await storedRows(t);
      const { boardId } = await cardWithFiles();
      expect((await t.http.delete(`/api/boards/${boardId}/permanent`).set(owner.auth)).status).toBe(200);
      expect(await storedRows(t)).toEqual(before);
    });

    it("after an account delete (the user's boards go)", async () => {
      const before = await storedRows(t);
      const leaving = await createUser(t, { name: 'Leaving' });
      await cardWithFiles(leaving);
      expect(
        (await t.http.delete('/api/users/me').set(leaving.auth).send({ password: leaving.password })).status,
      ).toBeLessThan(300);
      expect(await storedRows(t)).toEqual(before);
    });
  });

  it('keeps nothing of an upload whose client goes away halfway', async () => {
    const { cardId } = await seedCardWorld(t, owner);
    const before = await storedRows(t);
    const url = new URL(await listen(t));
    const boundary = 'papan-abort';
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: `/api/cards/${cardId}/attachments`,
      headers: {
        ...owner.auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(5 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    req.write(noise(1024 * 1024)); // four chunks stored, then the client disappears
    await until(async () => (await storedRows(t)).chunks >= before.chunks + 3);
    req.destroy();
    await until(async () => {
      const now = await storedRows(t);
      return now.blobs === before.blobs && now.chunks === before.chunks;
    });
    expect(await storedRows(t)).toEqual(before);
  });

  describe('events', () => {
    let socket: ClientSocket | undefined;
    afterEach(() => socket?.close());

    it('reach another member: attachment.added, the cover as card.updated, attachment.removed', async () => {
      const { boardId, cardId } = await seedCardWorld(t, owner);
      const member = await createUser(t, { name: 'Member' });
      await seedMember(t, boardId, member);
      socket = await connect(await listen(t), member.token);
      const joined = await joinBoard(socket, boardId);
      if (!joined.ok) throw new Error(joined.error);
      const log = new EventLog(socket);
      const { body } = await upload(t, owner, cardId, await png(), 'a.png');
      const added = await log.waitFor((e) => e.type === 'attachment.added');
      expect(added.payload).toEqual({ ...body, attachmentCount: 1 });
      await t.http.put(`/api/cards/${cardId}`).set(owner.auth).send({ coverAttachmentId: body._id });
      const covered = await log.waitFor((e) => e.type === 'card.updated');
      expect(covered.payload).toMatchObject({ _id: cardId, coverAttachmentId: body._id });
      await t.http.delete(body.url).set(owner.auth);
      const removed = await log.waitFor((e) => e.type === 'attachment.removed');
      expect(removed.payload).toEqual({ _id: body._id, cardId, attachmentCount: 0, coverAttachmentId: null });
      // The same events are in the log, with activities in the feed.
      const events = await t.http
        .get(`/api/boards/${boardId}/events?after=${joined.version}`)
        .set(member.auth);
      const types = events.body.events.map((e: { type: string }) => e.type);
      expect(types).toEqual(
        expect.arrayContaining(['attachment.added', 'card.updated', 'attachment.removed']),
      );
      const feed = await t.http.get(`/api/boards/${boardId}/activities`).set(member.auth);
      const templates = feed.body.map((a: { template: string }) => a.template);
      expect(templates).toEqual(
        expect.arrayContaining(['attachment.added', 'card.coverSet', 'attachment.removed']),
      );
    });
  });

  it("keeps the compact board right through applyEvent: the cards' counts and covers", async () => {
    const { boardId, cardId, listId } = await seedCardWorld(t, owner);
    const { seedCard } = await import('../helpers/factories');
    const other = (await seedCard(t, boardId, listId, 'Other', 2048)).id;
    const read = async () =>
      (await t.http.get(`/api/boards/${boardId}?view=compact`).set(owner.auth)).body as CompactBoardDetail;
    const start = await read();
    const image = (await upload(t, owner, cardId, await png(), 'a.png')).body;
    await t.http.put(`/api/cards/${cardId}`).set(owner.auth).send({ coverAttachmentId: image._id });
    await upload(t, owner, cardId, noise(10), 'b.txt');
    await t.http.post(`/api/cards/${cardId}/copy`).set(owner.auth);
    await t.http.delete(image.url).set(owner.auth);
    const second = (await upload(t, owner, other, await png(), 'c.png')).body;
    await t.http.put(`/api/cards/${other}`).set(owner.auth).send({ coverAttachmentId: second._id });

    const page = (await t.http.get(`/api/boards/${boardId}/events?after=${start.version}`).set(owner.auth))
      .body as BoardEventsPage;
    const replayed = structuredClone(start);
    for (const event of page.events) {
      expect([event.type, applyEvent(replayed, event)]).toEqual([event.type, true]);
      replayed.version = event.version;
    }
    const after = await read();
    expect({ ...replayed, updatedAt: after.updatedAt }).toEqual(after);
    const cards = after.lists[0].cards;
    expect(cards.map((c) => [c.attachmentCount, !!c.coverAttachmentId])).toEqual([
      [1, false],
      [2, true],
      [1, true],
    ]);
  });

  it('refuses every attachment route to someone who is not a member of the board (403)', async () => {
    const { cardId, image } = await cardWithFiles();
    const stranger = await createUser(t, { name: 'Stranger' });
    const before = await storedRows(t);
    const calls = [
      upload(t, stranger, cardId, noise(10)),
      t.http.get(`/api/cards/${cardId}/attachments`).set(stranger.auth),
      t.http.get(image.url).set(stranger.auth),
      t.http.get(image.thumbnailUrl).set(stranger.auth),
      t.http.delete(image.url).set(stranger.auth),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(await storedRows(t)).toEqual(before);
  });
});
