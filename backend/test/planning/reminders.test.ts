import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { notifications } from '../../src/database/schema';
import { ReminderScheduler } from '../../src/modules/reminders/reminder-scheduler';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { createBoard, createUser, seedCard, seedList, type TestUser } from '../helpers/factories';
import { MailCatcher } from '../helpers/mail-catcher';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type TestApp } from '../helpers/test-app';

const HOUR = 3_600_000;
/** The clock the scheduler is asked to look at: the tests move it, not the real time. */
const NOW = new Date('2026-11-24T08:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const remindersOf = (t: TestApp, userId: string) =>
  t.db
    .select({ template: notifications.template, params: notifications.params })
    .from(notifications)
    .where(eq(notifications.userId, userId));
/** The message with this subject, once the test SMTP server has it. */
async function mailWith(mail: MailCatcher, subject: string) {
  for (let i = 0; i < 100; i++) {
    const found = mail.messages.find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}"`);
}
const onlyReminders = <R extends { template: string | null }>(rows: R[]) =>
  rows.filter((r) => r.template === 'dueSoon' || r.template === 'overdue');

describe('due-date reminders (docs/api.md, "Due dates, card members and reminders")', () => {
  let t: TestApp;
  let mail: MailCatcher;
  let cast: Cast;
  let scheduler: ReminderScheduler;

  beforeAll(async () => {
    mail = await MailCatcher.start();
    t = await startTestApp({
      mail: { smtpUrl: mail.url, from: 'Papan <no-reply@papan.test>', requireVerifiedEmail: true },
    });
    cast = await castOf(t, { owner: 'Olive Owner', member: 'Max Member' });
    scheduler = t.app.get(ReminderScheduler);
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const dueCard = async (title: string, dueAt: Date, members: TestUser[] = []) => {
    const board = await castBoard(t, cast, title);
    const list = await seedList(t, board._id, 'To do');
    const card = await seedCard(t, board._id, list.id, title);
    await t.http
      .put(`/api/cards/${card.id}`)
      .set(cast.member.auth)
      .send({ dueAt: dueAt.toISOString() })
      .expect(200);
    for (const m of members)
      await t.http
        .post(`/api/cards/${card.id}/members`)
        .set(cast.member.auth)
        .send({ userId: m._id })
        .expect(201);
    return { boardId: board._id, cardId: card.id };
  };

  it('tells the card members once "due in 24 hours", then once "overdue", by notification and mail', async () => {
    const { boardId } = await dueCard('Quarterly report', at(5), [cast.member]);
    const before = onlyReminders(await remindersOf(t, cast.member._id)).length;

    await scheduler.run(NOW);
    await scheduler.run(at(1));
    let mine = onlyReminders(await remindersOf(t, cast.member._id)).slice(before);
    expect(mine).toEqual([{ template: 'dueSoon', params: { card: 'Quarterly report' } }]);
    const soon = await mailWith(mail, 'Due in 24 hours: Quarterly report');
    expect(soon.to).toContain(cast.member.email);
    expect(soon.text).toContain('is due in 24 hours');
    expect(soon.text).toContain('jatuh tempo dalam 24 jam');
    expect(soon.link).toBe(`${t.config.appOrigin}/board/${boardId}`);

    await scheduler.run(at(6));
    await scheduler.run(at(30));
    mine = onlyReminders(await remindersOf(t, cast.member._id)).slice(before);
    expect(mine.map((r) => r.template)).toEqual(['dueSoon', 'overdue']);
    await mailWith(mail, 'Overdue: Quarterly report');
    // The owner is not on the card: the members are told, not the owner.
    expect(
      onlyReminders(await remindersOf(t, cast.owner._id)).filter(
        (r) => r.params?.card === 'Quarterly report',
      ),
    ).toEqual([]);
  });

  it('tells the owner when the card has no members; says nothing before 24 hours, nor when done', async () => {
    const { cardId } = await dueCard('Board-wide', at(48));
    await dueCard('Finished', at(2)).then(({ cardId: done }) =>
      t.http.put(`/api/cards/${done}`).set(cast.member.auth).send({ dueComplete: true }).expect(200),
    );
    const owners = async () =>
      onlyReminders(await remindersOf(t, cast.owner._id)).filter((r) =>
        ['Board-wide', 'Finished'].includes(r.params!.card),
      );
    await scheduler.run(NOW);
    expect(await owners()).toEqual([]);
    await scheduler.run(at(25));
    expect(await owners()).toEqual([{ template: 'dueSoon', params: { card: 'Board-wide' } }]);

    // A new due time is a new reminder.
    await t.http
      .put(`/api/cards/${cardId}`)
      .set(cast.member.auth)
      .send({ dueAt: at(40).toISOString() })
      .expect(200);
    await scheduler.run(at(26));
    expect((await owners()).map((r) => r.template)).toEqual(['dueSoon', 'dueSoon']);
  });

  it('sends an overdue reminder at once for a due time already past, and never a "due soon" one', async () => {
    const someone = await createUser(t, { name: 'Late Larry' });
    const board = await createBoard(t, someone, 'Late');
    const list = await seedList(t, board._id);
    const card = await seedCard(t, board._id, list.id, 'Was due yesterday');
    await t.http
      .put(`/api/cards/${card.id}`)
      .set(someone.auth)
      .send({ dueAt: at(-24).toISOString() })
      .expect(200);
    await scheduler.run(NOW);
    await scheduler.run(at(1));
    expect(onlyReminders(await remindersOf(t, someone._id))).toEqual([
      { template: 'overdue', params: { card: 'Was due yesterday' } },
    ]);
  });
});

describe('due-date reminders across a restart (PGlite DATA_DIR)', () => {
  it('does not send again what was sent before the restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'papan-reminders-'));
    try {
      let t = await startTestApp({ dataDir });
      const owner = await createUser(t, { name: 'Restart Rita' });
      const board = await createBoard(t, owner, 'Restart');
      const list = await seedList(t, board._id);
      const card = await seedCard(t, board._id, list.id, 'Survives');
      await t.http
        .put(`/api/cards/${card.id}`)
        .set(owner.auth)
        .send({ dueAt: at(2).toISOString() })
        .expect(200);
      expect(await t.app.get(ReminderScheduler).run(NOW)).toBe(1);
      await t.close();

      t = await startTestApp({ dataDir });
      expect(await t.app.get(ReminderScheduler).run(at(1))).toBe(0);
      expect(onlyReminders(await remindersOf(t, owner._id))).toHaveLength(1);
      await t.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Two starts on a database on disk migrated from nothing: slow on a busy machine.
  }, 90_000);
});

/** Two instances on one PostgreSQL database: needs TEST_DATABASE_URL (CI's 127.0.0.1:5432). */
const describeOnServer = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeOnServer('due-date reminders with two instances', () => {
  it('sends each reminder once when both instances look at the same moment', async () => {
    const db = await cloneTemplateDatabase(process.env.TEST_DATABASE_URL!, process.env.PAPAN_PG_TEMPLATE!);
    const overrides = { databaseUrl: db.url, jwtSecret: 'shared-secret-of-both-instances-0123456789' };
    const a = await startTestApp(overrides);
    const b = await startTestApp(overrides);
    try {
      const owner = await createUser(a, { name: 'Twin Tina' });
      const board = await createBoard(a, owner, 'Twins');
      const list = await seedList(a, board._id);
      for (let i = 0; i < 20; i++) {
        const card = await seedCard(a, board._id, list.id, `Card ${i}`);
        await a.http
          .put(`/api/cards/${card.id}`)
          .set(owner.auth)
          .send({ dueAt: at(3).toISOString() })
          .expect(200);
      }
      const [sentA, sentB] = await Promise.all([
        a.app.get(ReminderScheduler).run(NOW),
        b.app.get(ReminderScheduler).run(NOW),
      ]);
      expect(sentA + sentB).toBe(20);
      await Promise.all([a.app.get(ReminderScheduler).run(at(1)), b.app.get(ReminderScheduler).run(at(1))]);
      const sent = onlyReminders(await remindersOf(a, owner._id));
      expect(sent).toHaveLength(20);
      expect(new Set(sent.map((r) => r.params!.card)).size).toBe(20);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});
