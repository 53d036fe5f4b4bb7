import { sql } from 'drizzle-orm';
import { boardMembers, undoBlobRefs, undoEntries } from '../../src/database/schema';
import { hashUndoToken } from '../../src/modules/undo/undo-entries';
import { UndoPurger } from '../../src/modules/undo/undo-purger';
import { noise, seedCardWorld, storedRows, upload } from '../attachments/attachment-helpers';
import { createToken } from '../api-tokens/token-fixtures';
import { castOf, type Cast } from '../helpers/cast';
import { bumpVersion, seedMember } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { and, eq } from 'drizzle-orm';
import { boardRead, richBoard } from './undo-world';

/** Who may undo, how often and for how long, and what the delete answers (docs/api.md, "Undo"). */
describe('undo tokens', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  const undo = (token: string, user = cast.owner) => t.http.post(`/api/undo/${token}`).set(user.auth);
  /** A card on a fresh board of the owner (the member on it too); its delete answer. */
  async function deletedCard(user = cast.owner) {
    const world = await seedCardWorld(t, cast.owner);
    await seedMember(t, world.boardId, cast.member);
    const res = await t.http.delete(`/api/cards/${world.cardId}`).set(user.auth).expect(200);
    return { ...world, token: res.body.undoToken as string, answer: res.body };
  }
  /** Makes an entry's time run out, as 30 seconds would. */
  const expire = (token: string) =>
    t.db
      .update(undoEntries)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(undoEntries.tokenHash, hashUndoToken(token)));

  describe('the delete answer', () => {
    it.each([
      ['card', 'Card deleted'],
      ['list', 'List deleted'],
      ['checklist', 'Checklist deleted'],
      ['comment', 'Comment deleted'],
    ])('of a %s keeps its fields and adds undoToken', async (kind, message) => {
      const world = await richBoard(t, cast);
      const id = {
        card: world.target,
        list: world.listId,
        checklist: world.checklistIds[0],
        comment: world.commentIds[0],
      }[kind];
      const res = await t.http.delete(`/api/${kind}s/${id}`).set(cast.owner.auth).expect(200);
      expect(res.body).toEqual({ message, _id: id, undoToken: expect.stringMatching(/^[\w-]{43}$/) });
    });

    it('never stores the token itself, only its sha256', async () => {
      const { token } = await deletedCard();
      const rows = await t.db.execute(sql`select to_jsonb(u)::text as row from ${undoEntries} u`);
      const stored = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
      expect(stored).not.toContain(token);
      const [entry] = await t.db
        .select()
        .from(undoEntries)
        .where(eq(undoEntries.tokenHash, hashUndoToken(token)));
      expect(entry).toBeDefined();
    });
  });

  describe('refusals', () => {
    it('400 for a malformed token', async () => {
      for (const bad of ['short', 'x'.repeat(44), `${'a'.repeat(42)}!`]) {
        const res = await undo(encodeURIComponent(bad));
        expect([res.status, res.body.message]).toEqual([400, 'token: must be an undo token']);
      }
    });

    it('404 for a token nobody was given', async () => {
      const res = await undo('A'.repeat(43));
      expect(res.status).toBe(404);
    });

    it("403 for someone else's token, which then still works for its owner", async () => {
      const { token } = await deletedCard();
      const res = await undo(token, cast.member);
      expect([res.status, res.body.message]).toEqual([403, 'Only the person who deleted it can undo it.']);
      await undo(token).expect(200);
    });

    it('410 the second time', async () => {
      const { token } = await deletedCard();
      await undo(token).expect(200);
      const again = await undo(token);
      expect([again.status, again.body.message]).toEqual([410, 'This deletion was already undone.']);
    });

    it('one of two undos at once', async () => {
      const { token } = await deletedCard();
      const statuses = (await Promise.all([undo(token), undo(token)])).map((r) => r.status).sort();
      expect(statuses).toEqual([200, 410]);
    });

    it('403 once the person who deleted is no longer on the board', async () => {
      const { token, boardId } = await deletedCard(cast.member);
      await t.db
        .delete(boardMembers)
        .where(and(eq(boardMembers.boardId, boardId), eq(boardMembers.userId, cast.member._id)));
      await bumpVersion(t, boardId);
      expect((await undo(token, cast.member)).status).toBe(403);
    });

    it('409 when the list the card was in is gone, 409 when the board is gone', async () => {
      const { token, listId } = await deletedCard();
      await t.http.delete(`/api/lists/${listId}`).set(cast.owner.auth).expect(200);
      const res = await undo(token);
      expect([res.status, res.body.message]).toEqual([409, 'The list this card was in no longer exists.']);

      const other = await deletedCard();
      await t.http.delete(`/api/boards/${other.boardId}/permanent`).set(cast.owner.auth).expect(200);
      const late = await undo(other.token);
      expect([late.status, late.body.message]).toEqual([409, 'The board it was on no longer exists.']);
    });

    it('409 for a checklist or a comment whose card was deleted', async () => {
      const world = await richBoard(t, cast);
      const checklist = await t.http.delete(`/api/checklists/${world.checklistIds[0]}`).set(cast.owner.auth);
      const comment = await t.http.delete(`/api/comments/${world.commentIds[0]}`).set(cast.owner.auth);
      await t.http.delete(`/api/cards/${world.target}`).set(cast.owner.auth).expect(200);
      expect((await undo(checklist.body.undoToken)).status).toBe(409);
      expect((await undo(comment.body.undoToken)).status).toBe(409);
    });
  });

  describe('after its time', () => {
    it('410, the deletion stands and the deleted files are freed, leaving no orphan', async () => {
      const before = await storedRows(t);
      const world = await seedCardWorld(t, cast.owner);
      await upload(t, cast.owner, world.cardId, noise(600 * 1024), 'big.bin').expect(201);
      const token = (await t.http.delete(`/api/cards/${world.cardId}`).set(cast.owner.auth)).body.undoToken;
      // The files wait for the undo window.
      expect((await storedRows(t)).blobs).toBe(before.blobs + 1);
      await expire(token);
      const res = await undo(token);
      expect([res.status, res.body.message]).toEqual([410, 'The time to undo this deletion has passed.']);
      await t.app.get(UndoPurger).purge();
      expect(await storedRows(t)).toEqual(before);
      const kept = await t.db
        .select()
        .from(undoBlobRefs)
        .innerJoin(undoEntries, eq(undoEntries.id, undoBlobRefs.undoId))
        .where(eq(undoEntries.tokenHash, hashUndoToken(token)));
      expect(kept).toEqual([]);
      // No orphan: every blob left is a live attachment's or a still open undo's.
      const orphans = await t.db.execute(sql`
        select count(*)::int as n from attachment_blobs b
        where not exists (select 1 from attachments a where a.blob_id = b.id or a.thumbnail_blob_id = b.id)
          and not exists (select 1 from undo_blob_refs u where u.blob_id = b.id)`);
      expect((orphans as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
      expect((await undo(token)).status).toBe(410);
      expect(
        (await t.http.get(`/api/boards/${world.boardId}`).set(cast.owner.auth)).body.lists[0].cards,
      ).toEqual([]);
    });

    it('ends with UNDO_SECONDS', async () => {
      const quick = await startTestApp({ undoSeconds: 1 });
      try {
        const owner = (await castOf(quick)).owner;
        const world = await seedCardWorld(quick, owner);
        const token = (await quick.http.delete(`/api/cards/${world.cardId}`).set(owner.auth)).body.undoToken;
        await new Promise((r) => setTimeout(r, 1100));
        expect((await quick.http.post(`/api/undo/${token}`).set(owner.auth)).status).toBe(410);
      } finally {
        await quick.close();
      }
    });
  });

  describe('API tokens', () => {
    it("undo their owner's deletions with boards:write, not with boards:read", async () => {
      const world = await richBoard(t, cast);
      const board = await boardRead(t, cast.owner, world.boardId);
      const write = await createToken(t, cast.owner, { scopes: ['boards:write'] });
      const read = await createToken(t, cast.owner, { scopes: ['boards:read'] });
      const token = (await t.http.delete(`/api/cards/${world.target}`).set(write.auth).expect(200)).body
        .undoToken;
      expect((await t.http.post(`/api/undo/${token}`).set(read.auth)).status).toBe(403);
      await t.http.post(`/api/undo/${token}`).set(write.auth).expect(200);
      expect(await boardRead(t, cast.owner, world.boardId)).toEqual(board);
    });
  });
});
