import type { HttpException } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { AuthUser } from '../../src/common/decorators/current-user.decorator';
import { cards } from '../../src/database/schema';
import { BoardAccess, type AccessRef } from '../../src/modules/board-access/board-access.service';
import { seedBoardWorld, type BoardIds } from '../helpers/board-world';
import { castOf, type Cast } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import { settleBackgroundWork, startTestApp, type TestApp } from '../helpers/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_A_MEMBER = 'You are not a member of this board.';
const NOT_THE_OWNER = 'Only the board owner can do this.';

/** Every kind of ref, the id of its entity in a board world, and the 404 an unknown id gets. */
const KINDS = {
  boardId: { id: (w: BoardIds) => w.boardId, notFound: 'Board not found' },
  listId: { id: (w: BoardIds) => w.listId, notFound: 'List not found' },
  cardId: { id: (w: BoardIds) => w.cardId, notFound: 'Card not found' },
  checklistId: { id: (w: BoardIds) => w.checklistId, notFound: 'Checklist not found' },
  commentId: { id: (w: BoardIds) => w.commentId, notFound: 'Comment not found' },
  labelId: { id: (w: BoardIds) => w.labelId, notFound: 'Label not found' },
};
type Kind = keyof typeof KINDS;
const kinds = Object.keys(KINDS) as Kind[];
const refTo = (kind: Kind, id: string) => ({ [kind]: id }) as AccessRef;

const asCaller = (u: TestUser): AuthUser => ({
  id: u._id,
  sid: 'test',
  role: u.role,
  name: u.name,
  email: u.email,
  emailVerified: u.emailVerified,
});

/** The status and message a call failed with. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => 'resolved',
    (e: HttpException) => [e.getStatus(), e.message],
  );

describe(BoardAccess.name, () => {
  let t: TestApp;
  let sut: BoardAccess;
  let cast: Cast;
  let [owner, member, stranger] = [] as AuthUser[];
  let world: BoardIds;
  const refOf = (kind: Kind, w = world) => refTo(kind, KINDS[kind].id(w));

  beforeAll(async () => {
    t = await startTestApp();
    sut = t.app.get(BoardAccess);
    cast = await castOf(t);
    [owner, member, stranger] = [cast.owner, cast.member, cast.stranger].map(asCaller);
    world = await seedBoardWorld(t, cast.owner, [cast.member]);
    // The seed's changes start the debounced admin-stats recount; let it run before statements are counted.
    await settleBackgroundWork();
  });
  afterAll(() => t.close());

  describe('require', () => {
    it.each(kinds)('resolves the board of a %s for a member in one statement', async (kind) => {
      t.counter.count = 0;
      const access = await sut.require(member, refOf(kind), 'member');
      expect(t.counter.count).toBe(1);
      expect(access.boardId).toBe(world.boardId);
      expect(access.board).toMatchObject({ id: world.boardId, isMember: true, isOwner: false });
    });

    it('answers what its callers name of the entity', async () => {
      const card = await sut.require(member, { cardId: world.cardId }, 'member');
      expect(card.title).toBe('First');
      const checklist = await sut.require(member, { checklistId: world.checklistId }, 'member');
      expect(checklist).toMatchObject({ title: 'Steps', cardId: world.cardId, cardTitle: 'First' });
      const comment = await sut.require(member, { commentId: world.commentId }, 'member');
      expect(comment).toMatchObject({ cardId: world.cardId, cardTitle: 'First', authorId: owner.id });
      const label = await sut.require(member, { labelId: world.labelId }, 'member');
      expect(label.name).toBe('Custom');
    });

    it.each(kinds)("lets the owner in as 'owner' by a %s", async (kind) => {
      const access = await sut.require(owner, refOf(kind), 'owner');
      expect(access.board).toMatchObject({ id: world.boardId, isOwner: true });
    });

    it.each(kinds)('refuses a stranger reaching a %s with 403', async (kind) => {
      expect(await failureOf(sut.require(stranger, refOf(kind), 'member'))).toEqual([403, NOT_A_MEMBER]);
      expect(await failureOf(sut.require(stranger, refOf(kind), 'owner'))).toEqual([403, NOT_A_MEMBER]);
    });

    it.each(kinds)("refuses a plain member 'owner' by a %s with 403", async (kind) => {
      expect(await failureOf(sut.require(member, refOf(kind), 'owner'))).toEqual([403, NOT_THE_OWNER]);
    });

    it.each(kinds)('answers 404 for an unknown %s, before the permission check', async (kind) => {
      expect(await failureOf(sut.require(stranger, refTo(kind, UNKNOWN_ID), 'member'))).toEqual([
        404,
        KINDS[kind].notFound,
      ]);
    });

    it('answers 404 for a deleted card and for the checklists and comments on it', async () => {
      const gone = await seedBoardWorld(t, cast.owner, [cast.member]);
      await t.db.update(cards).set({ isArchived: true }).where(eq(cards.id, gone.cardId));
      for (const kind of ['cardId', 'checklistId', 'commentId'] as const)
        expect(await failureOf(sut.require(member, refOf(kind, gone), 'member'))).toEqual([
          404,
          KINDS[kind].notFound,
        ]);
      expect(await sut.require(member, refOf('listId', gone), 'member')).toMatchObject({
        boardId: gone.boardId,
      });
    });

    it('refuses a ref naming two ids', async () => {
      const ref = { cardId: world.cardId, listId: world.listId } as unknown as AccessRef;
      await expect(sut.require(member, ref, 'member')).rejects.toThrow('exactly one id');
    });
  });
});
