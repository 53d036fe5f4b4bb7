import { eq } from 'drizzle-orm';
import type { Card } from '@papan/shared';
import { cards } from '../../src/database/schema';
import { CardsService } from '../../src/modules/cards/cards.service';
import { castBoard, castOf } from '../helpers/cast';
import { createBoard, seedCard, seedList, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  ESCAPED_HOSTILE,
  HOSTILE,
  UNKNOWN_ID,
  cardsOf,
  lastActivity,
  readBoard,
  recordEvents,
  seedChecklist,
} from './card-fixtures';

describe(CardsService.name, () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let boardId: string;
  let listId: string;

  beforeAll(async () => {
    t = await startTestApp();
    ({ owner, member, stranger } = await castOf(t));
  });
  beforeEach(async () => {
    boardId = (await castBoard(t, { owner, member }, 'Cards'))._id;
    listId = (await seedList(t, boardId, 'To do', 1024)).id;
  });
  afterAll(() => t.close());

  const addCard = (body: object, user = owner, list = listId) =>
    t.http.post(`/api/lists/${list}/cards`).set(user.auth).send(body);

  describe('create', () => {
    it('appends a trimmed card at the end of the list and records CREATE_CARD', async () => {
      const events = recordEvents(t);
      const first = await addCard({ title: '  Write spec  ' });
      const second = await addCard({ title: 'Ship', description: 'soon' }, member);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        _id: expect.any(String),
        boardId,
        listId,
        title: 'Write spec',
        description: '',
        position: 1024,
        labels: [],
        checklists: [],
        dueAt: null,
        dueComplete: false,
        memberIds: [],
        attachments: [],
        coverAttachmentId: null,
        laneId: null,
        isTemplate: false,
        fields: {},
        revision: 1,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(second.body).toMatchObject({ title: 'Ship', description: 'soon', position: 2048 });
      expect(cardsOf(await readBoard(t, owner, boardId))).toEqual([first.body, second.body]);
      expect(events.map((e) => e.type)).toEqual(['card.created', 'card.created']);
      expect(events[1]).toMatchObject({ actorId: member._id, payload: second.body });
      expect(await lastActivity(t, boardId)).toEqual({
        actionType: 'CREATE_CARD',
        description: 'added card <strong>Ship</strong> to <strong>To do</strong>',
        userId: member._id,
      });
    });

    it.each([
      ['without a title', {}],
      ['with a blank title', { title: '  \n ' }],
      ['with a numeric title', { title: 42 }],
      ['with a 201-character title', { title: 'x'.repeat(201) }],
      ['with a 20,001-character description', { title: 'ok', description: 'x'.repeat(20_001) }],
      ['with an object description', { title: 'ok', description: { $ne: 1 } }],
    ])('refuses a card %s with 400 naming the field', async (_, body) => {
      const res = await addCard(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^(title|description)/);
    });

    it('ignores author ids in the body: the creator comes from the token', async () => {
      const res = await addCard({
        title: 'Mine',
        createdBy: member._id,
        userId: member._id,
        boardId: UNKNOWN_ID,
      });
      expect(res.status).toBe(201);
      const [row] = await t.db.select().from(cards).where(eq(cards.id, res.body._id));
      expect(row).toMatchObject({ createdBy: owner._id, boardId });
    });

    it('stores hostile text verbatim and escapes it in the activity', async () => {
      const res = await addCard({ title: HOSTILE, description: HOSTILE });
      expect(res.body).toMatchObject({ title: HOSTILE, description: HOSTILE });
      expect((await lastActivity(t, boardId)).description).toBe(
        `added card <strong>${ESCAPED_HOSTILE}</strong> to <strong>To do</strong>`,
      );
    });

    it('answers 404 to an unknown list, 400 to a malformed id, 413 to a 1 MB body', async () => {
      expect((await addCard({ title: 'x' }, owner, UNKNOWN_ID)).status).toBe(404);
      expect((await addCard({ title: 'x' }, owner, 'abc')).status).toBe(400);
      expect((await addCard({ title: 'x', description: 'y'.repeat(1024 * 1024) })).status).toBe(413);
    });
  });

  describe('read a list', () => {
    it('answers the live cards in order with labels and checklists, as the board read has them', async () => {
      const b = await seedCard(t, boardId, listId, 'B', 2048);
      const a = await seedCard(t, boardId, listId, 'A', 1024);
      const gone = await seedCard(t, boardId, listId, 'Gone', 3072);
      await seedChecklist(t, boardId, b.id, 'Steps', ['one', 'two']);
      const [label] = (await readBoard(t, owner, boardId)).labels;
      await t.http.post(`/api/cards/${b.id}/labels`).set(owner.auth).send({ labelId: label._id });
      await t.http.delete(`/api/cards/${gone.id}`).set(owner.auth);
      const res = await t.http.get(`/api/lists/${listId}/cards`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body.map((c: Card) => c._id)).toEqual([a.id, b.id]);
      expect(res.body).toEqual((await readBoard(t, owner, boardId)).lists[0].cards);
      expect(res.body[1]).toMatchObject({
        labels: [label],
        checklists: [{ title: 'Steps', items: [{ text: 'one', isCompleted: false }, { text: 'two' }] }],
      });
    });

    it('answers a card’s checklists as the board read has them', async () => {
      const card = await seedCard(t, boardId, listId, 'Card', 1);
      await seedChecklist(t, boardId, card.id, 'First', ['a']);
      await seedChecklist(t, boardId, card.id, 'Second', []);
      const res = await t.http.get(`/api/cards/${card.id}/checklists`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(cardsOf(await readBoard(t, owner, boardId))[0].checklists);
      expect(res.body.map((c: { title: string }) => c.title)).toEqual(['First', 'Second']);
    });
  });

  describe('update', () => {
    it('changes title and description and answers the whole card', async () => {
      const events = recordEvents(t);
      const card = (await addCard({ title: 'Old' })).body as Card;
      await seedChecklist(t, boardId, card._id, 'Steps', ['one']);
      const res = await t.http
        .put(`/api/cards/${card._id}`)
        .set(member.auth)
        .send({ title: ' New ', description: HOSTILE });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(cardsOf(await readBoard(t, owner, boardId))[0]);
      expect(res.body).toMatchObject({
        title: 'New',
        description: HOSTILE,
        checklists: [{ title: 'Steps' }],
      });
      expect(events.at(-1)).toMatchObject({ type: 'card.updated', payload: res.body });
      expect((await lastActivity(t, boardId)).description).toBe(
        'renamed card <strong>Old</strong> to <strong>New</strong>',
      );
      await t.http.put(`/api/cards/${card._id}`).set(owner.auth).send({ description: 'only this' });
      expect(await lastActivity(t, boardId)).toMatchObject({
        actionType: 'UPDATE_CARD',
        description: 'updated card <strong>New</strong>',
      });
    });

    it.each([
      ['an empty body', {}],
      ['a blank title', { title: ' ' }],
      ['a boolean description', { description: true }],
    ])('refuses %s with 400', async (_, body) => {
      const card = (await addCard({ title: 'Old' })).body as Card;
      expect((await t.http.put(`/api/cards/${card._id}`).set(owner.auth).send(body)).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('archives the card: it leaves every read, its row stays, and every card endpoint answers 404', async () => {
      const events = recordEvents(t);
      const card = (await addCard({ title: 'Doomed' })).body as Card;
      const res = await t.http.delete(`/api/cards/${card._id}`).set(member.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Card deleted', _id: card._id, undoToken: expect.any(String) });
      const [row] = await t.db.select().from(cards).where(eq(cards.id, card._id));
      expect(row.isArchived).toBe(true);
      expect(row.archivedAt).toBeInstanceOf(Date);
      expect(cardsOf(await readBoard(t, owner, boardId))).toEqual([]);
      expect((await t.http.get(`/api/lists/${listId}/cards`).set(owner.auth)).body).toEqual([]);
      expect(events.at(-1)).toMatchObject({ type: 'card.deleted', payload: { _id: card._id, listId } });
      expect(await lastActivity(t, boardId)).toMatchObject({
        actionType: 'DELETE_CARD',
        description: 'deleted card <strong>Doomed</strong> from <strong>To do</strong>',
      });
      const [label] = (await readBoard(t, owner, boardId)).labels;
      const again = [
        t.http.put(`/api/cards/${card._id}`).set(owner.auth).send({ title: 'x' }),
        t.http.delete(`/api/cards/${card._id}`).set(owner.auth),
        t.http.post(`/api/cards/${card._id}/copy`).set(owner.auth),
        t.http.post(`/api/cards/${card._id}/labels`).set(owner.auth).send({ labelId: label._id }),
        t.http.delete(`/api/cards/${card._id}/labels/${label._id}`).set(owner.auth),
        t.http.get(`/api/cards/${card._id}/checklists`).set(owner.auth),
      ];
      for (const r of await Promise.all(again)) expect(r.status).toBe(404);
    });
  });

  describe('copy', () => {
    it('puts a copy with the same title, labels, checklists and items right after the original', async () => {
      const events = recordEvents(t);
      const original = await seedCard(t, boardId, listId, 'Original', 1024);
      const next = await seedCard(t, boardId, listId, 'Next', 2048);
      const [bug, docs] = (await readBoard(t, owner, boardId)).labels.filter((l) =>
        ['Bug', 'Docs'].includes(l.name),
      );
      await t.http.post(`/api/cards/${original.id}/labels`).set(owner.auth).send({ labelId: docs._id });
      await t.http.post(`/api/cards/${original.id}/labels`).set(owner.auth).send({ labelId: bug._id });
      await seedChecklist(t, boardId, original.id, 'Steps', ['one', 'two', 'three']);
      await seedChecklist(t, boardId, original.id, 'More', ['four']);
      await t.http.put(`/api/cards/${original.id}`).set(owner.auth).send({ description: 'details' });

      const res = await t.http.post(`/api/cards/${original.id}/copy`).set(member.auth);
      expect(res.status).toBe(201);
      const board = await readBoard(t, owner, boardId);
      const [first, copy, last] = cardsOf(board);
      expect([first._id, last._id]).toEqual([original.id, next.id]);
      expect(res.body).toEqual(copy);
      expect(copy._id).not.toBe(original.id);
      expect(copy.position).toBe(1536);
      expect(copy).toMatchObject({ title: 'Original', description: 'details', listId });
      expect(copy.labels).toEqual(first.labels);
      expect(copy.labels.map((l) => l.name)).toEqual(['Docs', 'Bug']);
      const shape = (c: Card) => c.checklists.map((cl) => [cl.title, cl.items.map((i) => i.text)]);
      expect(shape(copy)).toEqual([
        ['Steps', ['one', 'two', 'three']],
        ['More', ['four']],
      ]);
      expect(copy.checklists.every((cl) => cl.cardId === copy._id)).toBe(true);
      const originalIds = first.checklists.flatMap((cl) => [cl._id, ...cl.items.map((i) => i._id)]);
      const copyIds = copy.checklists.flatMap((cl) => [cl._id, ...cl.items.map((i) => i._id)]);
      expect(copyIds.filter((id) => originalIds.includes(id))).toEqual([]);
      expect(events.at(-1)).toMatchObject({
        type: 'card.copied',
        payload: { _id: copy._id, copiedFrom: original.id },
      });
      expect((await lastActivity(t, boardId)).description).toBe('copied card <strong>Original</strong>');
    });

    it('puts the copy of the last card at the end, and renumbers the list when there is no room', async () => {
      const a = await seedCard(t, boardId, listId, 'A', 1);
      const b = await seedCard(t, boardId, listId, 'B', 1 + 1.5e-6);
      const copyOfB = (await t.http.post(`/api/cards/${b.id}/copy`).set(owner.auth)).body as Card;
      expect(copyOfB.position).toBe(1 + 1.5e-6 + 1024);
      const copyOfA = (await t.http.post(`/api/cards/${a.id}/copy`).set(owner.auth)).body as Card;
      const read = cardsOf(await readBoard(t, owner, boardId));
      expect(read.map((c) => c._id)).toEqual([a.id, copyOfA._id, b.id, copyOfB._id]);
      expect(read.map((c) => c.position)).toEqual([1024, 2048, 3072, 4096]);
    });
  });

  describe('labels', () => {
    it('attaches a label of the board once however often it is sent, and detaches it', async () => {
      const events = recordEvents(t);
      const card = (await addCard({ title: 'Card' })).body as Card;
      const [label] = (await readBoard(t, owner, boardId)).labels;
      const attach = () =>
        t.http.post(`/api/cards/${card._id}/labels`).set(member.auth).send({ labelId: label._id });
      const first = await attach();
      expect(first.status).toBe(200);
      expect(first.body.labels).toEqual([label]);
      expect(first.body).toEqual(cardsOf(await readBoard(t, owner, boardId))[0]);
      expect((await attach()).body.labels).toEqual([label]);
      expect(events.filter((e) => e.type === 'card.labelAdded')).toHaveLength(2);
      expect(await lastActivity(t, boardId)).toMatchObject({
        actionType: 'ADD_LABEL',
        description: `added label <strong>${label.name}</strong> to <strong>Card</strong>`,
      });
      const detached = await t.http.delete(`/api/cards/${card._id}/labels/${label._id}`).set(member.auth);
      expect(detached.status).toBe(200);
      expect(detached.body.labels).toEqual([]);
      expect(events.at(-1)).toMatchObject({
        type: 'card.labelRemoved',
        payload: { cardId: card._id, labelId: label._id },
      });
      expect(await lastActivity(t, boardId)).toMatchObject({
        actionType: 'REMOVE_LABEL',
        description: `removed label <strong>${label.name}</strong> from <strong>Card</strong>`,
      });
      const twice = await t.http.delete(`/api/cards/${card._id}/labels/${label._id}`).set(member.auth);
      expect(twice.status).toBe(200);
    });

    it('refuses a label of another board, an unknown label and a malformed id', async () => {
      const card = (await addCard({ title: 'Card' })).body as Card;
      const otherBoard = (await createBoard(t, owner, 'Other'))._id;
      const [foreign] = (await readBoard(t, owner, otherBoard)).labels;
      const version = (await readBoard(t, owner, boardId)).version;
      const attach = (labelId: unknown) =>
        t.http.post(`/api/cards/${card._id}/labels`).set(owner.auth).send({ labelId });
      expect((await attach(foreign._id)).status).toBe(404);
      expect((await attach(UNKNOWN_ID)).status).toBe(404);
      expect((await attach('1 OR 1=1')).status).toBe(400);
      expect((await attach(undefined)).status).toBe(400);
      expect(
        (await t.http.delete(`/api/cards/${card._id}/labels/${foreign._id}`).set(owner.auth)).status,
      ).toBe(404);
      expect((await t.http.delete(`/api/cards/${card._id}/labels/nope`).set(owner.auth)).status).toBe(400);
      const board = await readBoard(t, owner, boardId);
      expect(board.version).toBe(version);
      expect(cardsOf(board)[0].labels).toEqual([]);
    });
  });

  describe('permissions', () => {
    it('answers 403 to a non-member on every card endpoint and changes nothing', async () => {
      const card = (await addCard({ title: 'Private' })).body as Card;
      const [label] = (await readBoard(t, owner, boardId)).labels;
      const version = (await readBoard(t, owner, boardId)).version;
      const as = stranger.auth;
      const calls = [
        t.http.get(`/api/lists/${listId}/cards`).set(as),
        t.http.post(`/api/lists/${listId}/cards`).set(as).send({ title: 'x' }),
        t.http.put(`/api/cards/${card._id}`).set(as).send({ title: 'x' }),
        t.http.delete(`/api/cards/${card._id}`).set(as),
        t.http.post(`/api/cards/${card._id}/copy`).set(as),
        t.http.post(`/api/cards/${card._id}/labels`).set(as).send({ labelId: label._id }),
        t.http.delete(`/api/cards/${card._id}/labels/${label._id}`).set(as),
        t.http.get(`/api/cards/${card._id}/checklists`).set(as),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('You are not a member of this board.');
      }
      const board = await readBoard(t, owner, boardId);
      expect(board.version).toBe(version);
      expect(cardsOf(board)).toEqual([card]);
    });

    it('refuses a member of one board who addresses the cards of another', async () => {
      const theirs = (await createBoard(t, stranger, 'Theirs'))._id;
      const theirList = (await seedList(t, theirs, 'Their list', 1)).id;
      const theirCard = await seedCard(t, theirs, theirList, 'Their card', 1);
      expect((await addCard({ title: 'x' }, owner, theirList)).status).toBe(403);
      expect(
        (await t.http.put(`/api/cards/${theirCard.id}`).set(member.auth).send({ title: 'x' })).status,
      ).toBe(403);
      expect((await t.http.post(`/api/cards/${theirCard.id}/copy`).set(owner.auth)).status).toBe(403);
    });
  });
});
