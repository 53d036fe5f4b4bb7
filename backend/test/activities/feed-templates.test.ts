import { ACTIVITY_TEMPLATES, NOTIFICATION_TEMPLATES, type Activity, type Notification } from '@papan/shared';
import { activityText, notificationText } from '../../src/common/html';
import { activities } from '../../src/database/schema';
import { castBoard } from '../helpers/cast';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { settleBackgroundWork, startTestApp, type TestApp } from '../helpers/test-app';

const HOSTILE = '<img src=x onerror=alert(1)> & "quotes"';

/**
 * Activities and notifications keep what they say as a template id and values (so the browser can
 * show them in the reader's language), next to the English text older clients read.
 */
describe('activity and notification templates', () => {
  it('builds the English text of every template, values escaped and bold (activities) or plain', () => {
    for (const template of Object.keys(ACTIVITY_TEMPLATES) as (keyof typeof ACTIVITY_TEMPLATES)[]) {
      const params = Object.fromEntries(
        [...ACTIVITY_TEMPLATES[template].matchAll(/\{\{(\w+)\}\}/g)].map(([, name]) => [name, HOSTILE]),
      );
      const text = activityText(template, params as never);
      expect(text.description).not.toMatch(/\{\{|<img/);
      expect(
        text.description.split(
          '<strong>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</strong>',
        ),
      ).toHaveLength(Object.keys(params).length + 1);
    }
    for (const template of Object.keys(NOTIFICATION_TEMPLATES) as (keyof typeof NOTIFICATION_TEMPLATES)[]) {
      const values = { actor: 'Ana', board: 'Bee', card: 'Cee', url: 'https://hooks.example.com/x' };
      const text = notificationText(template, values as never);
      expect(text.text).not.toMatch(/\{\{/);
      // Every value the template names is in the text (reminders name a card, not an actor).
      for (const [name, value] of Object.entries(values))
        if (NOTIFICATION_TEMPLATES[template].includes(`{{${name}}}`)) expect(text.text).toContain(value);
    }
  });

  describe('through the API', () => {
    let t: TestApp;
    let owner: TestUser;
    let member: TestUser;

    beforeAll(async () => {
      t = await startTestApp();
      owner = await createUser(t, { name: 'Olive Owner' });
      member = await createUser(t, { name: HOSTILE });
    });
    afterAll(() => t.close());

    it('stores the template and the values verbatim with each activity, in both feeds', async () => {
      const board = await castBoard(t, { owner, member }, 'Roadmap');
      const list = await seedList(t, board._id, 'To Do');
      await seedList(t, board._id, 'Done');
      await t.http.post(`/api/lists/${list.id}/cards`).set(member.auth).send({ title: HOSTILE }).expect(201);

      const boardFeed = (await t.http.get(`/api/boards/${board._id}/activities`).set(owner.auth))
        .body as Activity[];
      const myFeed = (await t.http.get('/api/activities').set(owner.auth)).body as Activity[];
      for (const feed of [boardFeed, myFeed]) {
        expect(feed[0]).toMatchObject({
          actionType: 'CREATE_CARD',
          template: 'card.created',
          params: { card: HOSTILE, list: 'To Do' },
          description:
            'added card <strong>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;</strong> to <strong>To Do</strong>',
        });
        expect(feed.at(-1)).toMatchObject({ template: 'board.created', params: { board: 'Roadmap' } });
      }
    });

    it('answers null for entries written before templates were kept', async () => {
      const board = await createBoard(t, owner, 'Old');
      await t.db.insert(activities).values({
        boardId: board._id,
        userId: owner._id,
        actionType: 'UPDATE_BOARD',
        description: 'did a thing',
      });
      const feed = (await t.http.get(`/api/boards/${board._id}/activities`).set(owner.auth))
        .body as Activity[];
      expect(feed[0]).toMatchObject({ description: 'did a thing', template: null, params: null });
    });

    it('stores the template and the values with each notification', async () => {
      const board = await castBoard(t, { owner, member }, 'Launch');
      const list = await seedList(t, board._id, 'To Do');
      const card = await seedCard(t, board._id, list.id, 'Ship it');
      await t.http
        .post(`/api/cards/${card.id}/comments`)
        .set(member.auth)
        .send({ text: 'Done?' })
        .expect(201);
      await settleBackgroundWork();

      const [notice] = (await t.http.get('/api/notifications').set(owner.auth)).body as Notification[];
      expect(notice).toMatchObject({
        template: 'commented',
        params: { actor: HOSTILE, card: 'Ship it' },
        text: `${HOSTILE} commented on "Ship it"`,
      });
    });
  });
});
