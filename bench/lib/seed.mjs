// @ts-check
// The benchmark's data. People, the board, its labels and lists go through the public API; the
// 2,000 cards with their labels and checklists are written straight into the database with the
// backend's own schema (as backend/test/helpers/board-world.ts does), because 18,000 API calls, each
// one board transaction, take minutes on this machine. The result is checked through the API.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { mapLimit } from './stats.mjs';
import { ROOT } from './server.mjs';

const requireBackend = createRequire(join(ROOT, 'backend', 'package.json'));
export const PASSWORD = 'bench-password-1';

/** Card titles: realistic lengths, unique across the board. */
const TASKS = [
  'Update onboarding e-mail copy',
  'Fix date picker on Safari',
  'Refactor invoice export',
  'Write tests for the sync job',
  'Document the webhook retries',
  'Review pricing page design',
  'Migrate search to the new index',
  'Check contrast of the dark theme',
];
const ITEMS = ['Reproduce', 'Write the change', 'Add a test', 'Review', 'Ship and announce'];

/**
 * @typedef {object} Person
 * @property {string} email
 * @property {string} token
 * @property {any} login the login answer (the browser's stored session)
 */

/**
 * @param {import('./http.mjs').HttpClient} http
 * @param {string} name
 * @param {string} email
 */
export async function registerAndLogin(http, name, email) {
  await http.json('POST', '/api/auth/register', { body: { name, email, password: PASSWORD } });
  return login(http, email);
}

/** @param {import('./http.mjs').HttpClient} http @param {string} email @returns {Promise<Person>} */
export async function login(http, email) {
  const answer = await http.json('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  return { email, token: answer.token, login: answer };
}

/**
 * Owner, a second member, extra login sessions of the owner (pollers, movers), the board with two
 * custom labels and its lists — all through the API.
 * @param {import('./http.mjs').HttpClient} http
 * @param {{ lists: number, sessions: number }} size
 */
export async function seedPeopleAndBoard(http, size) {
  const stamp = Date.now().toString(36);
  const owner = await registerAndLogin(http, 'Bench Owner', `owner-${stamp}@example.com`);
  const viewer = await registerAndLogin(http, 'Bench Viewer', `viewer-${stamp}@example.com`);
  const sessions = await mapLimit(Array.from({ length: size.sessions }), 4, () => login(http, owner.email));
  const token = owner.token;
  const board = await http.json('POST', '/api/boards', { token, body: { title: 'Benchmark board' } });
  const boardId = board._id;
  await http.json('POST', `/api/boards/${boardId}/members`, { token, body: { email: viewer.email } });
  for (const [name, color] of [
    ['Customer', '#0ea5e9'],
    ['Urgent', '#ef4444'],
  ]) {
    await http.json('POST', `/api/boards/${boardId}/labels`, { token, body: { name, color } });
  }
  /** @type {{ _id: string }[]} */
  const labels = await http.json('GET', `/api/boards/${boardId}/labels`, { token });
  /** @type {{ _id: string, title: string }[]} */
  const lists = [];
  for (let i = 1; i <= size.lists; i++) {
    lists.push(
      await http.json('POST', `/api/boards/${boardId}/lists`, { token, body: { title: listTitle(i) } }),
    );
  }
  return { owner, viewer, sessions, boardId, labelIds: labels.map((l) => l._id), lists };
}

/** @param {number} i 1-based */
export const listTitle = (i) => `List ${String(i).padStart(2, '0')}`;

/**
 * Writes `perList` cards into every list, each with two labels and a checklist of five items, with
 * the backend's schema through the backend's own database opener (PGlite: the server must be stopped).
 * @param {{ databaseUrl: string | null, dataDir: string }} where
 * @param {{ boardId: string, ownerId: string, listIds: string[], labelIds: string[], perList: number }} plan
 */
export async function insertCards(where, plan) {
  const { openDatabase } = requireBackend('./dist/database/database.js');
  const schema = requireBackend('./dist/database/schema.js');
  const { sql } = requireBackend('drizzle-orm');
  const handle = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  try {
    // Rows made one after another through the API have growing creation times; reads order by them.
    const start = Date.now();
    const at = (/** @type {number} */ i) => new Date(start + i);
    await handle.db.transaction(async (/** @type {any} */ tx) => {
      const cardRows = plan.listIds.flatMap((listId, l) =>
        Array.from({ length: plan.perList }, (_, i) => ({
          boardId: plan.boardId,
          listId,
          title: `${TASKS[(l + i) % TASKS.length]} (${l + 1}-${i + 1})`,
          position: (i + 1) * 1024,
          createdBy: plan.ownerId,
          createdAt: at(l * plan.perList + i),
          updatedAt: at(l * plan.perList + i),
        })),
      );
      /** @type {{ id: string }[]} */
      const cards = await insertChunked(tx, schema.cards, cardRows, { id: schema.cards.id });
      const pairs = cards.flatMap((c, i) => [
        { cardId: c.id, labelId: plan.labelIds[i % plan.labelIds.length], createdAt: at(2 * i) },
        { cardId: c.id, labelId: plan.labelIds[(i + 1) % plan.labelIds.length], createdAt: at(2 * i + 1) },
      ]);
      await insertChunked(tx, schema.cardLabels, pairs);
      const checklistRows = cards.map((c, i) => ({
        boardId: plan.boardId,
        cardId: c.id,
        title: 'Definition of done',
        createdAt: at(i),
      }));
      /** @type {{ id: string }[]} */
      const checklists = await insertChunked(tx, schema.checklists, checklistRows, {
        id: schema.checklists.id,
      });
      const items = checklists.flatMap((c, i) =>
        ITEMS.map((text, k) => ({
          checklistId: c.id,
          text,
          isCompleted: k < i % 4,
          createdAt: at(5 * i + k),
        })),
      );
      await insertChunked(tx, schema.checklistItems, items);
      // A changed board has a new version, like every change made through the API.
      await tx
        .update(schema.boards)
        .set({ version: sql`${schema.boards.version} + 1` })
        .where(sql`${schema.boards.id} = ${plan.boardId}`);
    });
  } finally {
    await handle.close();
  }
}

/**
 * @param {any} tx @param {any} table @param {object[]} rows @param {object} [returning]
 * @returns {Promise<any[]>}
 */
async function insertChunked(tx, table, rows, returning) {
  const out = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const insert = tx.insert(table).values(rows.slice(i, i + 1000));
    if (returning) out.push(...(await insert.returning(returning)));
    else await insert;
  }
  return out;
}

/**
 * Reads the board through the API and checks it is the one asked for.
 * @param {import('./http.mjs').HttpClient} http
 * @param {string} boardId @param {string} token
 * @param {{ lists: number, perList: number }} size
 */
export async function verifyBoard(http, boardId, token, size) {
  const board = await http.json('GET', `/api/boards/${boardId}`, { token });
  const cards = board.lists.flatMap((/** @type {any} */ l) => l.cards);
  const ok =
    board.lists.length === size.lists &&
    board.lists.every((/** @type {any} */ l) => l.cards.length === size.perList) &&
    cards.every(
      (/** @type {any} */ c) =>
        c.labels.length === 2 && c.checklists.length === 1 && c.checklists[0].items.length === 5,
    );
  if (!ok) throw new Error('the seeded board is not the expected 20 × 100 cards with labels and checklists');
  return board;
}
