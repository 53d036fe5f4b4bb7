import { desc, eq } from 'drizzle-orm';
import type { BoardEvent, Checklist } from '@papan/shared';
import { activities, cards, checklistItems, checklists } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, seedCard, seedList, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('checklists', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  const events: BoardEvent[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t));
    t.app.get(DomainEvents).on('board', (e) => events.push(e));
  });
  afterAll(() => t.close());

  /** A fresh board of `owner` (with `member`) holding one list and one card. */
  const newCard = async (title = 'Card') => {
    const board = await castBoard(t, { owner, member });
    const list = await seedList(t, board._id, 'To do');
    const card = await seedCard(t, board._id, list.id, title);
    return { boardId: board._id, listId: list.id, cardId: card.id };
  };
  const createChecklist = (cardId: string, body: object, user = member) =>
    t.http.post(`/api/cards/${cardId}/checklists`).set(user.auth).send(body);
  const addItem = (checklistId: string, body: object, user = member) =>
    t.http.post(`/api/checklists/${checklistId}/items`).set(user.auth).send(body);
  /** A card with a checklist 'Steps' holding one item 'Step one'. */
  const newChecklist = async () => {
    const ids = await newCard();
    const checklist = (await createChecklist(ids.cardId, { title: 'Steps' })).body as Checklist;
    const item = (await addItem(checklist._id, { text: 'Step one' })).body;
    return { ...ids, checklistId: checklist._id, itemId: item._id as string };
  };
  const lastActivity = async (boardId: string) =>
    (
      await t.db
        .select()
        .from(activities)
        .where(eq(activities.boardId, boardId))
        .orderBy(desc(activities.createdAt))
        .limit(1)
    )[0];
  const itemRow = async (itemId: string) =>
    (await t.db.select().from(checklistItems).where(eq(checklistItems.id, itemId)))[0];

  describe('POST /api/cards/:id/checklists', () => {
    it('creates a checklist with a trimmed title and no items, seen in the whole-board read', async () => {
      const { boardId, cardId } = await newCard('Ship it');
      const res = await createChecklist(cardId, { title: '  Release steps  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        cardId,
        title: 'Release steps',
        items: [],
        revision: 1,
      });
      const [row] = await t.db.select().from(checklists).where(eq(checklists.id, res.body._id));
      expect(row.boardId).toBe(boardId);
      const board = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      expect(board.body.lists[0].cards[0].checklists).toEqual([res.body]);
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'CREATE_CHECKLIST',
        userId: member._id,
        description: 'added checklist <strong>Release steps</strong> to <strong>Ship it</strong>',
      });
      expect(events.at(-1)).toMatchObject({ boardId, type: 'checklist.created', payload: res.body });
    });

    it.each([[{}], [{ title: '' }], [{ title: ' \n\t ' }], [{ title: 7 }], [{ title: 'x'.repeat(201) }]])(
      'refuses %j with 400 naming the title',
      async (body) => {
        const { cardId } = await newCard();
        const res = await createChecklist(cardId, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^title/);
        expect(await t.db.select().from(checklists).where(eq(checklists.cardId, cardId))).toEqual([]);
      },
    );

    it('answers 404 for an archived card and an unknown card, 400 for a malformed id', async () => {
      const { cardId } = await newCard();
      await t.db.update(cards).set({ isArchived: true }).where(eq(cards.id, cardId));
      expect((await createChecklist(cardId, { title: 'x' })).status).toBe(404);
      expect((await createChecklist(UNKNOWN_ID, { title: 'x' })).status).toBe(404);
      expect((await createChecklist('not-an-id', { title: 'x' })).status).toBe(400);
    });

    it('answers 403 to a non-member', async () => {
      const { cardId } = await newCard();
      expect((await createChecklist(cardId, { title: 'Mine' }, stranger)).status).toBe(403);
    });

    it('stores script and SQL-looking titles verbatim and escapes them in the activity', async () => {
      const { boardId, cardId } = await newCard();
      const title = `<img src=x onerror=alert(1)> '); DELETE FROM checklists; --`;
      const res = await createChecklist(cardId, { title });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe(title);
      const { description } = await lastActivity(boardId);
      expect(description).not.toContain('<img');
      expect(description).toContain('&lt;img src=x onerror=alert(1)&gt;');
    });

    it('answers 4xx to a 1 MB title', async () => {
      const { cardId } = await newCard();
      expect([400, 413]).toContain(
        (await createChecklist(cardId, { title: 'x'.repeat(1024 * 1024) })).status,
      );
    });
  });

  describe('PUT /api/checklists/:id', () => {
    it('renames a checklist (trimmed) and answers it with its items', async () => {
      const { boardId, checklistId, cardId } = await newChecklist();
      const res = await t.http
        .put(`/api/checklists/${checklistId}`)
        .set(owner.auth)
        .send({ title: ' Plan ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        _id: checklistId,
        cardId,
        title: 'Plan',
        items: [{ _id: expect.any(String), checklistId, text: 'Step one', isCompleted: false, revision: 1 }],
        revision: 2,
      });
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'UPDATE_CHECKLIST',
        description: 'renamed checklist <strong>Steps</strong> to <strong>Plan</strong>',
      });
      expect(events.at(-1)).toMatchObject({ type: 'checklist.updated', payload: res.body });
    });

    it('refuses an empty title, a non-member and an archived card', async () => {
      const { checklistId, cardId } = await newChecklist();
      const put = (body: object, user = member) =>
        t.http.put(`/api/checklists/${checklistId}`).set(user.auth).send(body);
      expect((await put({ title: '   ' })).status).toBe(400);
      expect((await put({})).status).toBe(400);
      expect((await put({ title: 'Mine' }, stranger)).status).toBe(403);
      await t.db.update(cards).set({ isArchived: true }).where(eq(cards.id, cardId));
      expect((await put({ title: 'Later' })).status).toBe(404);
      const [row] = await t.db.select().from(checklists).where(eq(checklists.id, checklistId));
      expect(row.title).toBe('Steps');
    });
  });

  describe('DELETE /api/checklists/:id', () => {
    it('deletes a checklist with its items', async () => {
      const { boardId, checklistId, itemId, cardId } = await newChecklist();
      expect((await t.http.delete(`/api/checklists/${checklistId}`).set(stranger.auth)).status).toBe(403);
      const res = await t.http.delete(`/api/checklists/${checklistId}`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        message: 'Checklist deleted',
        _id: checklistId,
        undoToken: expect.any(String),
      });
      expect(await t.db.select().from(checklists).where(eq(checklists.id, checklistId))).toEqual([]);
      expect(await itemRow(itemId)).toBeUndefined();
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'DELETE_CHECKLIST',
        description: 'deleted checklist <strong>Steps</strong> from <strong>Card</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        type: 'checklist.deleted',
        payload: { _id: checklistId, cardId },
      });
      expect((await t.http.delete(`/api/checklists/${checklistId}`).set(member.auth)).status).toBe(404);
    });
  });

  describe('POST /api/checklists/:id/items', () => {
    it('adds an item with trimmed text, not completed', async () => {
      const { boardId, checklistId, cardId } = await newChecklist();
      const res = await addItem(checklistId, { text: '  Write tests ' }, owner);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        _id: expect.any(String),
        checklistId,
        text: 'Write tests',
        isCompleted: false,
        revision: 1,
      });
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'CREATE_CHECKLIST_ITEM',
        description: 'added <strong>Write tests</strong> to checklist <strong>Steps</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        type: 'checklistItem.created',
        // The checklist's totals after the change: a compact reader has no items to count.
        payload: { ...res.body, cardId, progress: { total: 2, done: 0 } },
      });
      const board = await t.http.get(`/api/boards/${boardId}`).set(owner.auth);
      expect(board.body.lists[0].cards[0].checklists[0].items.map((i: { text: string }) => i.text)).toEqual([
        'Step one',
        'Write tests',
      ]);
    });

    it.each([[{}], [{ text: '' }], [{ text: '   ' }], [{ text: false }], [{ text: 'x'.repeat(201) }]])(
      'refuses %j with 400 naming the text',
      async (body) => {
        const { checklistId } = await newChecklist();
        const res = await addItem(checklistId, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^text/);
      },
    );

    it('answers 403 to a non-member, 404 to an unknown checklist', async () => {
      const { checklistId } = await newChecklist();
      expect((await addItem(checklistId, { text: 'x' }, stranger)).status).toBe(403);
      expect((await addItem(UNKNOWN_ID, { text: 'x' })).status).toBe(404);
    });
  });

  describe('PUT /api/checklists/:id/items/:itemId', () => {
    it('completes and reopens an item, with the activities of each', async () => {
      const { boardId, checklistId, itemId, cardId } = await newChecklist();
      const put = (body: object) =>
        t.http.put(`/api/checklists/${checklistId}/items/${itemId}`).set(member.auth).send(body);
      const done = await put({ isCompleted: true });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({
        _id: itemId,
        checklistId,
        text: 'Step one',
        isCompleted: true,
        revision: 2,
      });
      expect(await lastActivity(boardId)).toMatchObject({
        actionType: 'UPDATE_CHECKLIST_ITEM',
        description: 'completed <strong>Step one</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        type: 'checklistItem.updated',
        payload: { ...done.body, cardId, progress: { total: 1, done: 1 } },
      });
      expect((await put({ isCompleted: false })).body.isCompleted).toBe(false);
      expect((await lastActivity(boardId)).description).toBe('marked <strong>Step one</strong> incomplete');
      const renamed = await put({ text: '  Step 1 ' });
      expect(renamed.body).toMatchObject({ text: 'Step 1', isCompleted: false });
      expect((await lastActivity(boardId)).description).toBe(
        'renamed checklist item <strong>Step one</strong> to <strong>Step 1</strong>',
      );
    });

    it.each([[{}], [{ isCompleted: 'yes' }], [{ isCompleted: 1 }], [{ text: '  ' }]])(
      'refuses %j with 400',
      async (body) => {
        const { checklistId, itemId } = await newChecklist();
        const res = await t.http
          .put(`/api/checklists/${checklistId}/items/${itemId}`)
          .set(member.auth)
          .send(body);
        expect(res.status).toBe(400);
        expect(await itemRow(itemId)).toMatchObject({ text: 'Step one', isCompleted: false });
      },
    );

    it("refuses an item addressed through another card's checklist with 404", async () => {
      const first = await newChecklist();
      const second = await newChecklist();
      const res = await t.http
        .put(`/api/checklists/${second.checklistId}/items/${first.itemId}`)
        .set(owner.auth)
        .send({ isCompleted: true });
      expect(res.status).toBe(404);
      expect(await itemRow(first.itemId)).toMatchObject({
        isCompleted: false,
        checklistId: first.checklistId,
      });
    });

    it("refuses an item of another board with 403 to a non-member of it, 404 through the caller's own checklist", async () => {
      const mine = await newChecklist();
      const theirBoard = await createBoard(t, stranger, 'Theirs');
      const theirList = await seedList(t, theirBoard._id);
      const theirCard = await seedCard(t, theirBoard._id, theirList.id);
      const theirs = (await createChecklist(theirCard.id, { title: 'Theirs' }, stranger)).body as Checklist;
      const theirItem = (await addItem(theirs._id, { text: 'Secret' }, stranger)).body;
      const direct = await t.http
        .put(`/api/checklists/${theirs._id}/items/${theirItem._id}`)
        .set(member.auth)
        .send({ isCompleted: true });
      expect(direct.status).toBe(403);
      const smuggled = await t.http
        .put(`/api/checklists/${mine.checklistId}/items/${theirItem._id}`)
        .set(member.auth)
        .send({ isCompleted: true });
      expect(smuggled.status).toBe(404);
      expect(
        (await t.http.delete(`/api/checklists/${mine.checklistId}/items/${theirItem._id}`).set(member.auth))
          .status,
      ).toBe(404);
      expect(await itemRow(theirItem._id)).toMatchObject({ isCompleted: false });
    });

    it('answers 400 to malformed ids', async () => {
      const { checklistId } = await newChecklist();
      const res = await t.http
        .put(`/api/checklists/${checklistId}/items/x'--`)
        .set(member.auth)
        .send({ isCompleted: true });
      expect(res.status).toBe(400);
    });
  });

  describe('DELETE /api/checklists/:id/items/:itemId', () => {
    it('deletes an item of that checklist only', async () => {
      const first = await newChecklist();
      const second = await newChecklist();
      const via = (checklistId: string, itemId: string, user = member) =>
        t.http.delete(`/api/checklists/${checklistId}/items/${itemId}`).set(user.auth);
      expect((await via(second.checklistId, first.itemId)).status).toBe(404);
      expect((await via(first.checklistId, first.itemId, stranger)).status).toBe(403);
      expect(await itemRow(first.itemId)).toBeDefined();
      const res = await via(first.checklistId, first.itemId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Checklist item deleted', _id: first.itemId });
      expect(await itemRow(first.itemId)).toBeUndefined();
      expect(await lastActivity(first.boardId)).toMatchObject({
        actionType: 'DELETE_CHECKLIST_ITEM',
        description: 'deleted <strong>Step one</strong> from checklist <strong>Steps</strong>',
      });
      expect(events.at(-1)).toMatchObject({
        type: 'checklistItem.deleted',
        payload: {
          _id: first.itemId,
          checklistId: first.checklistId,
          cardId: first.cardId,
          progress: { total: 0, done: 0 },
        },
      });
      expect((await via(first.checklistId, first.itemId)).status).toBe(404);
    });
  });
});
