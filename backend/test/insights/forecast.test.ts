import { randomUUID } from 'node:crypto';
import type { ForecastCounts, ForecastDates } from '@papan/shared';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { importFile } from '../board-transfer/transfer-helpers';
import { boardFlow, type Stay } from './flow-fixtures';

/** Cards finished on each of the last ten days, today last (docs/insights.md, "Forecast"). */
const DAILY = [0, 1, 2, 0, 1, 3, 0, 2, 1, 0];
const DAY_MS = 86_400_000;

describe('forecast', () => {
  let t: TestApp;
  let owner: TestUser;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t, { name: 'Owner' });
    const todo = randomUUID();
    const done = randomUUID();
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    const dayStart = (i: number) => today - (DAILY.length - 1 - i) * DAY_MS;
    // One card waits since the first day, so the board's history is ten days old.
    const waiting = randomUUID();
    const stays: Stay[] = [[waiting, todo, new Date(dayStart(0)).toISOString(), null]];
    const finished: string[] = [];
    DAILY.forEach((count, i) => {
      for (let n = 0; n < count; n++) {
        const card = randomUUID();
        finished.push(card);
        const [entered, doneAt] = [dayStart(i) + n * 1000, dayStart(i) + 60_000 + n * 1000];
        stays.push([card, todo, new Date(entered).toISOString(), new Date(doneAt).toISOString()]);
        stays.push([card, done, new Date(doneAt).toISOString(), null]);
      }
    });
    const doc = boardFlow(
      [
        { id: todo, title: 'To do', stage: null, cards: [[waiting, 'Waiting']] },
        { id: done, title: 'Done', stage: null, cards: finished.map((id, i) => [id, `Done ${i}`]) },
      ],
      stays,
    );
    const res = await importFile(t, owner, Buffer.from(JSON.stringify(doc)));
    expect(res.status).toBe(201);
    boardId = res.body._id;
  }, 120_000);
  afterAll(() => t.close());

  const forecast = (query: string, board = boardId) =>
    t.http.get(`/api/boards/${board}/forecast?${query}`).set(owner.auth);

  it('answers dates for N cards, the same for the same seed, p50 ≤ p85 ≤ p95', async () => {
    const first = await forecast('cards=20&seed=42');
    expect(first.status).toBe(200);
    const body = first.body as ForecastDates;
    expect(body).toMatchObject({ basisDays: 10, simulations: 10_000 });
    for (const date of [body.p50, body.p85, body.p95]) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.p50 <= body.p85 && body.p85 <= body.p95).toBe(true);
    expect((await forecast('cards=20&seed=42')).body).toEqual(body);
    // About 1 card a day: 20 cards take weeks, not days or years.
    const days = (Date.parse(body.p50) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(10);
    expect(days).toBeLessThan(40);
  });

  it('answers counts by a date, p95 ≤ p85 ≤ p50', async () => {
    const by = new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
    const res = await forecast(`by=${by}&seed=7`);
    expect(res.status).toBe(200);
    const body = res.body as ForecastCounts;
    expect(body.p95).toBeLessThanOrEqual(body.p85);
    expect(body.p85).toBeLessThanOrEqual(body.p50);
    expect(body.p50).toBeGreaterThan(5);
    expect(body.p50).toBeLessThan(30);
  });

  it('counts today, by and the dates in the reader’s time zone', async () => {
    for (const tz of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(Date.now() + DAY_MS);
      const res = await forecast(`by=${tomorrow}&tz=${tz}&seed=1`);
      expect([tz, res.status]).toEqual([tz, 200]);
    }
    expect((await forecast('cards=3&tz=Mars/Olympus')).status).toBe(400);
  });

  it('refuses with 422 a board where no card was finished, naming the reason', async () => {
    const empty = await createBoard(t, owner, 'Empty');
    const res = await forecast('cards=5', empty._id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(/^No card has been finished/),
      basisDays: 0,
    });
  });

  it('refuses bad questions with 400', async () => {
    const past = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    for (const query of [
      '',
      'cards=0',
      'cards=10001',
      'cards=1.5',
      'cards=abc',
      'cards=-3',
      'cards=5&by=2030-01-01',
      `by=${past}`,
      'by=2099-12-31',
      'by=2026-02-30',
      'cards=5&seed=-1',
      'cards=5&seed=99999999999',
    ]) {
      const res = await forecast(query);
      expect([query, res.status]).toEqual([query, 400]);
    }
  });
});
