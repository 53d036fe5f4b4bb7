import type { Activity, BoardDetail } from '@papan/shared';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { importFile, trelloFixture } from './transfer-helpers';

describe('board import from a Trello export', () => {
  let t: TestApp;
  let user: TestUser;
  let board: BoardDetail;

  beforeAll(async () => {
    t = await startTestApp();
    user = await createUser(t, { name: 'Importer' });
    const res = await importFile(t, user, trelloFixture(), 'trello.json');
    expect(res.status).toBe(201);
    expect(res.body.ownerId._id).toBe(user._id);
    board = (await t.http.get(`/api/boards/${res.body._id}`).set(user.auth)).body;
  });
  afterAll(() => t.close());

  const card = (title: string) => board.lists.flatMap((l) => l.cards).find((c) => c.title === title)!;

  it('keeps the open lists and cards in Trello’s order, closed ones last in "Archived (Trello)"', () => {
    expect(board.title).toBe('Product launch');
    expect(board.description).toBe('Everything for the spring launch.');
    expect(board.lists.map((l) => [l.title, l.cards.map((c) => c.title)])).toEqual([
      ['To do', ['Book the venue', 'Write the press release']],
      ['Doing', ['Design the poster', '=HYPERLINK("http://evil.example")']],
      ['Done', ['Order the banners']],
      ['Archived (Trello)', ['Old card that was archived', 'Idea in a closed list']],
    ]);
    expect(board.lists.flatMap((l) => l.cards)).toHaveLength(7);
  });

  it('replaces the five default labels with Trello’s, colours mapped', () => {
    expect(board.labels.map((l) => [l.name, l.color, l.isDefault])).toEqual([
      ['Ready', '#61bd4f', false],
      ['Blocked', '#eb5a46', false],
      ['Design', '#227d9b', false],
      ['Someday', '#b3bac5', false],
      ['Purple light', '#dfd8fd', false],
    ]);
    expect(card('Book the venue').labels.map((l) => l.name)).toEqual(['Ready', 'Design']);
  });

  it('brings checklists with their items in order and state, and due dates', () => {
    const venue = card('Book the venue');
    expect(venue.checklists.map((k) => [k.title, k.items.map((i) => [i.text, i.isCompleted])])).toEqual([
      [
        'Venue checklist',
        [
          ['Visit', true],
          ['Compare prices', true],
          ['Sign the contract', false],
        ],
      ],
    ]);
    expect(venue.dueAt).toBe('2024-03-01T09:00:00.000Z');
    expect(card('Order the banners')).toMatchObject({ dueAt: '2024-02-10T12:00:00.000Z', dueComplete: true });
  });

  it('names the Trello members nobody could match in the card, since the export has no e-mail', () => {
    const venue = card('Book the venue');
    expect(venue.description).toBe('Capacity 200.\n\nMembers in Trello: Ada Lovelace, Bob Builder');
    expect(venue.memberIds).toEqual([]);
    expect(board.members.map((m) => m._id)).toEqual([user._id]);
  });

  it('turns commentCard actions into the importer’s comments, oldest first, the author named', async () => {
    const venue = card('Book the venue');
    const comments = (await t.http.get(`/api/cards/${venue._id}/comments`).set(user.auth)).body as {
      text: string;
      userId: { _id: string };
      createdAt: string;
    }[];
    const oldestFirst = [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(oldestFirst.map((c) => c.text)).toEqual([
      '**Ada Lovelace** (Trello, 2024-01-02): I called the venue, they have the 1st free.',
      '**Bob Builder** (Trello, 2024-01-03): Second thought: the hall is cheaper.',
    ]);
    expect(comments.every((c) => c.userId._id === user._id)).toBe(true);
  });

  it('writes one activity, "imported this board"', async () => {
    const activities = (await t.http.get(`/api/boards/${board._id}/activities`).set(user.auth))
      .body as Activity[];
    expect(activities.map((a) => a.template)).toEqual(['board.imported']);
    expect(activities[0].description).toBe('imported this board');
  });

  it('matches a member by e-mail when the export has one and they share a board with the importer', async () => {
    const ada = await createUser(t, { name: 'Ada L.' });
    const shared = await t.http.post('/api/boards').set(user.auth).send({ title: 'Shared' });
    await t.http.post(`/api/boards/${shared.body._id}/members`).set(user.auth).send({ email: ada.email });
    const doc = JSON.parse(trelloFixture().toString());
    doc.members[0].email = ada.email;
    const res = await importFile(t, user, Buffer.from(JSON.stringify(doc)));
    expect(res.status).toBe(201);
    const again = (await t.http.get(`/api/boards/${res.body._id}`).set(user.auth)).body as BoardDetail;
    const venue = again.lists[0].cards[0];
    expect(venue.memberIds).toEqual([ada._id]);
    expect(venue.description).toBe('Capacity 200.\n\nMembers in Trello: Bob Builder');
    expect(again.members.map((m) => m._id).sort()).toEqual([user._id, ada._id].sort());
  });
});
