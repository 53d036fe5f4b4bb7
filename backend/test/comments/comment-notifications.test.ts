import { and, eq } from 'drizzle-orm';
import type { Comment } from '@papan/shared';
import { blockedUsers, cardMembers, notifications } from '../../src/database/schema';
import { createBoard, createUser, seedCard, seedList, seedMember, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Who hears of a comment, and @mentions (docs/api.md, "Activities and notifications"). */
describe('comment notifications', () => {
  let t: TestApp;
  let owner: TestUser;
  let author: TestUser;
  let ann: TestUser;
  let annLee: TestUser;
  let bob: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Olivia Owner' });
    author = await createUser(t, { name: 'Member' });
    ann = await createUser(t, { name: 'Ann' });
    annLee = await createUser(t, { name: 'Ann Lee' });
    bob = await createUser(t, { name: 'Bob' });
    stranger = await createUser(t, { name: 'Stranger' });
  });
  afterAll(() => t.close());

  /** A fresh board of the owner with everyone but the stranger as members, holding one card. */
  const newCard = async () => {
    const board = await createBoard(t, owner);
    for (const user of [author, ann, annLee, bob]) await seedMember(t, board._id, user);
    const list = await seedList(t, board._id);
    const card = await seedCard(t, board._id, list.id, 'Launch plan');
    return { boardId: board._id, cardId: card.id };
  };
  const post = async (cardId: string, text: string, user = author) => {
    const res = await t.http.post(`/api/cards/${cardId}/comments`).set(user.auth).send({ text });
    expect(res.status).toBe(201);
    return res.body as Comment;
  };
  /** What each person was told about the board, as template ids. */
  const heard = async (boardId: string) => {
    const rows = await t.db.select().from(notifications).where(eq(notifications.boardId, boardId));
    const named = new Map([owner, author, ann, annLee, bob, stranger].map((u) => [u._id, u.name]));
    const result: Record<string, (string | null)[]> = {};
    for (const row of rows) (result[named.get(row.userId)!] ??= []).push(row.template);
    return result;
  };

  describe('POST /api/cards/:id/comments', () => {
    it('tells the owner of a comment that mentions no one, not every member', async () => {
      const { boardId, cardId } = await newCard();
      await post(cardId, 'Looks good');
      expect(await heard(boardId)).toEqual({ 'Olivia Owner': ['commented'] });
    });

    it('tells each mentioned member once, by the longest name that matches, case-insensitive', async () => {
      const { boardId, cardId } = await newCard();
      await post(cardId, 'Hi @ann lee, and again @Ann Lee; also @BOB.');
      expect(await heard(boardId)).toEqual({
        'Olivia Owner': ['commented'],
        'Ann Lee': ['mention'],
        Bob: ['mention'],
      });
    });

    it('says who mentioned whom on which card, in the notification the person reads', async () => {
      const { cardId } = await newCard();
      await post(cardId, '@Bob can you look?');
      const res = await t.http.get('/api/notifications').set(bob.auth);
      expect(res.body[0]).toMatchObject({
        text: 'Member mentioned you on "Launch plan"',
        template: 'mention',
        params: { actor: 'Member', card: 'Launch plan' },
        read: false,
      });
    });

    it("tells the card's members too, once each, and a mentioned card member of the mention", async () => {
      const { boardId, cardId } = await newCard();
      await t.db.insert(cardMembers).values([
        { cardId, userId: ann._id },
        { cardId, userId: bob._id },
        { cardId, userId: author._id },
      ]);
      await post(cardId, 'Done, @Bob');
      expect(await heard(boardId)).toEqual({
        'Olivia Owner': ['commented'],
        Ann: ['commented'],
        Bob: ['mention'],
      });
    });

    it('tells a mentioned owner once, of the mention', async () => {
      const { boardId, cardId } = await newCard();
      await post(cardId, '@Olivia Owner @olivia owner please');
      expect(await heard(boardId)).toEqual({ 'Olivia Owner': ['mention'] });
    });

    it('never tells the author, whether owner or mentioned', async () => {
      const { boardId, cardId } = await newCard();
      await post(cardId, 'Note to self @Olivia Owner, @Bob', owner);
      await post(cardId, 'me, @Member', author);
      expect(await heard(boardId)).toEqual({ Bob: ['mention'], 'Olivia Owner': ['commented'] });
    });

    it('mentions no one by a name running on, an e-mail address or someone not on the board', async () => {
      const { boardId, cardId } = await newCard();
      await post(cardId, '@Annabel mail@Bob.com @Stranger @Ann_x');
      expect(await heard(boardId)).toEqual({ 'Olivia Owner': ['commented'] });
    });

    it('never tells someone who blocked the author, nor someone the author blocked', async () => {
      const { boardId, cardId } = await newCard();
      await t.db.insert(blockedUsers).values([
        { blockerId: bob._id, blockedId: author._id },
        { blockerId: owner._id, blockedId: author._id },
        { blockerId: author._id, blockedId: ann._id },
      ]);
      try {
        await post(cardId, '@Bob @Ann @Ann Lee');
        expect(await heard(boardId)).toEqual({ 'Ann Lee': ['mention'] });
      } finally {
        await t.db.delete(blockedUsers).where(eq(blockedUsers.blockedId, author._id));
        await t.db
          .delete(blockedUsers)
          .where(and(eq(blockedUsers.blockerId, author._id), eq(blockedUsers.blockedId, ann._id)));
      }
    });
  });

  describe('PUT /api/comments/:id', () => {
    it('tells only the people an edit newly mentions', async () => {
      const { boardId, cardId } = await newCard();
      const comment = await post(cardId, 'Ask @Bob');
      const edit = (text: string) =>
        t.http.put(`/api/comments/${comment._id}`).set(author.auth).send({ text }).expect(200);

      await edit('Ask @Bob and @Ann Lee and @Olivia Owner');
      await edit('Ask @Bob and @Ann Lee, thanks');
      expect(await heard(boardId)).toEqual({
        'Olivia Owner': ['commented'],
        Bob: ['mention'],
        'Ann Lee': ['mention'],
      });
    });
  });
});
