import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BoardDetail } from '@papan/shared';
import { RuleRunner } from '../../src/modules/automation/rule-runner';
import { BoardChanges } from '../../src/modules/board-changes/board-changes.service';
import { createBoard, createUser, seedMember, type TestUser } from '../helpers/factories';
import { cloneTemplateDatabase } from '../helpers/postgres-databases';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';
import { cardIn, listWith, logOf, move } from '../lanes/lane-helpers';
import { makeRule, runsOf, untilRuns } from './rule-helpers';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? (pgUrl ? 'redis://127.0.0.1:6379' : undefined);
const secret = { jwtSecret: 'automation-secret-0123456789-0123456789' };

/** A store that outlives an app: PGlite in a DATA_DIR, or a database on the PostgreSQL server. */
async function lastingStore(): Promise<{ store: ConfigOverrides; drop: () => Promise<void> }> {
  if (pgUrl) {
    const db = await cloneTemplateDatabase(pgUrl, process.env.PAPAN_PG_TEMPLATE!);
    return { store: { databaseUrl: db.url }, drop: db.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'papan-rules-'));
  return { store: { dataDir: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function cardsOf(t: TestApp, user: TestUser, boardId: string) {
  const read: BoardDetail = (await t.http.get(`/api/boards/${boardId}`).set(user.auth).expect(200)).body;
  return read.lists.flatMap((l) => l.cards);
}

/** The runner (docs/automation.md, "The runner"): the log is its source, so nothing is lost or run twice. */
describe('the rule runner', () => {
  it('runs a change committed just before a crash once, after the restart', async () => {
    const { store, drop } = await lastingStore();
    let t = await startTestApp({ ...store, ...secret });
    try {
      const owner = await createUser(t);
      const boardId = (await createBoard(t, owner))._id;
      const todo = await listWith(t, owner, boardId, 'To do');
      const done = await listWith(t, owner, boardId, 'Done');
      const rule = await makeRule(t, owner, boardId, {
        name: 'Archive done',
        trigger: { type: 'card.enteredList', listId: done },
        actions: [{ type: 'archive' }],
      });
      const cardId = await cardIn(t, owner, todo);
      // The runner stops as a crash would stop it: the move commits, its run has not happened.
      await t.app.get(RuleRunner).onApplicationShutdown();
      await move(t, owner, boardId, { cardId, sourceListId: todo, destListId: done, newPosition: 0 }).expect(
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await runsOf(t, owner, rule._id)).toEqual([]);
      await t.close();
      t = await startTestApp({ ...store, ...secret });
      const [run] = await untilRuns(t, owner, rule._id, 1, 5_000);
      expect(run!.status).toBe('ok');
      expect((await cardsOf(t, owner, boardId)).map((c) => c._id)).not.toContain(cardId);
      // The sweep looks again: still one run, one archive.
      await t.app.get(RuleRunner).sweep();
      expect(await runsOf(t, owner, rule._id)).toHaveLength(1);
      const archives = (await logOf(t, owner, boardId)).events.filter((e) => e.type === 'card.deleted');
      expect(archives).toHaveLength(1);
    } finally {
      await t.close();
      await drop();
    }
    // A fresh PGlite data directory is made (initdb and migrations) on the first start.
  }, 120_000);

  it('runs an event committed while its change waited for the board in that same change', async () => {
    const t = await startTestApp();
    try {
      const owner = await createUser(t);
      const boardId = (await createBoard(t, owner))._id;
      const todo = await listWith(t, owner, boardId, 'To do');
      const done = await listWith(t, owner, boardId, 'Done');
      const rule = await makeRule(t, owner, boardId, {
        name: 'Say done',
        trigger: { type: 'card.enteredList', listId: done },
        actions: [{ type: 'comment', text: '{card} is done' }],
      });
      const [first, second] = [await cardIn(t, owner, todo, 'First'), await cardIn(t, owner, todo, 'Second')];
      // The runner's changes wait at a gate, as behind the movers holding a busy board's lock.
      const changes = t.app.get(BoardChanges);
      const apply = changes.apply.bind(changes);
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let reached: () => void = () => undefined;
      const atGate = new Promise<void>((resolve) => (reached = resolve));
      let runnerChanges = 0;
      const spy = jest.spyOn(changes, 'apply').mockImplementation(async (...args) => {
        if ((args[1] as { rule?: unknown }).rule) {
          runnerChanges++;
          reached();
          await gate;
        }
        return apply(...args);
      });
      try {
        const moveTo = (cardId: string) =>
          move(t, owner, boardId, { cardId, sourceListId: todo, destListId: done, newPosition: 0 }).expect(
            200,
          );
        await moveTo(first);
        await atGate;
        // Committed while the runner's change for the first waits.
        await moveTo(second);
        open();
        const runs = await untilRuns(t, owner, rule._id, 2);
        expect(runs.map((r) => r.status)).toEqual(['ok', 'ok']);
        await new Promise((resolve) => setTimeout(resolve, 200));
        // One change ran both: the second did not wait for a turn of its own.
        expect(runnerChanges).toBe(1);
        const comments = (await logOf(t, owner, boardId)).events.filter((e) => e.type === 'comment.created');
        expect(comments.map((e) => (e.payload as { cardId: string }).cardId).sort()).toEqual(
          [first, second].sort(),
        );
      } finally {
        spy.mockRestore();
      }
    } finally {
      await t.close();
    }
  });

  it('fires a schedule that is due every minute once per minute, making the recurring card', async () => {
    const t = await startTestApp({ automation: { maxDepth: 5, sweepMs: 1_000, tickMs: 1_000 } });
    try {
      const owner = await createUser(t);
      const boardId = (await createBoard(t, owner))._id;
      const inbox = await listWith(t, owner, boardId, 'Inbox');
      const rule = await makeRule(t, owner, boardId, {
        name: 'Every minute',
        trigger: { type: 'schedule', cron: '* * * * *', tz: 'Europe/Berlin' },
        actions: [
          {
            type: 'createCard',
            listId: inbox,
            title: 'Stand-up',
            checklist: { title: 'Ask', items: ['Blockers?'] },
          },
        ],
      });
      const due = new Date(rule.nextRunAt!);
      expect(due.getUTCSeconds()).toBe(0);
      expect(due.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
      const [run] = await untilRuns(t, owner, rule._id, 1, 75_000);
      expect(run).toMatchObject({ status: 'ok', trigger: { scheduledFor: due.toISOString() } });
      const cards = (await cardsOf(t, owner, boardId)).filter((c) => c.title === 'Stand-up');
      expect(cards).toHaveLength(1);
      expect(cards[0]!.checklists[0]!.items.map((i) => i.text)).toEqual(['Blockers?']);
      const [after] = (await t.http.get(`/api/boards/${boardId}/rules`).set(owner.auth)).body;
      expect(new Date(after.nextRunAt).getTime()).toBe(due.getTime() + 60_000);
      // Another look at the same time fires nothing more.
      await t.app.get(RuleRunner).tick(due);
      expect(await runsOf(t, owner, rule._id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 90_000);

  (pgUrl ? describe : describe.skip)('two instances on PostgreSQL + Redis', () => {
    let a: TestApp;
    let b: TestApp;
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const db = await cloneTemplateDatabase(pgUrl!, process.env.PAPAN_PG_TEMPLATE!);
      drop = db.drop;
      const overrides = {
        databaseUrl: db.url,
        redisUrl: redisUrl!,
        ...secret,
        automation: { maxDepth: 5, sweepMs: 200, tickMs: 200 },
      };
      a = await startTestApp(overrides);
      b = await startTestApp(overrides);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await drop();
    });

    it('runs each triggering event exactly once, whichever instance took the change', async () => {
      const owner = await createUser(a);
      const member = await createUser(a);
      const boardId = (await createBoard(a, owner))._id;
      await seedMember(a, boardId, member);
      const todo = await listWith(a, owner, boardId, 'To do');
      const done = await listWith(a, owner, boardId, 'Done');
      const rule = await makeRule(a, owner, boardId, {
        name: 'Say done',
        trigger: { type: 'card.enteredList', listId: done },
        actions: [{ type: 'comment', text: '{card} is done' }],
      });
      const cards: string[] = [];
      for (let i = 0; i < 20; i++) cards.push(await cardIn(a, owner, todo, `Card ${i}`));
      // Moves alternate between the instances, two at a time.
      for (let i = 0; i < cards.length; i += 2)
        await Promise.all(
          [0, 1].map((j) =>
            move(j ? b : a, member, boardId, {
              cardId: cards[i + j]!,
              sourceListId: todo,
              destListId: done,
              newPosition: 0,
            }).expect(200),
          ),
        );
      const runs = await untilRuns(a, owner, rule._id, 20, 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await runsOf(b, owner, rule._id)).length).toBe(20);
      expect(runs.every((r) => r.status === 'ok')).toBe(true);
      const comments = (await logOf(a, owner, boardId)).events.filter((e) => e.type === 'comment.created');
      expect(comments).toHaveLength(20);
      expect(new Set(comments.map((e) => (e.payload as { cardId: string }).cardId))).toEqual(new Set(cards));
    });
  });
});
