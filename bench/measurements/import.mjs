// @ts-check
// Issue 21: a Trello board export of 2,000 cards imports in under 5 s (bench/README.md): the file
// is generated here (10 lists × 200 cards, each with a label, a 3-item checklist and a comment in
// the actions), posted as a multipart upload, and timed until the 201 answer.
import { randomBytes } from 'node:crypto';
import { postFile } from '../lib/http.mjs';
import { now, round } from '../lib/stats.mjs';

const LISTS = 10;
const CARDS_PER_LIST = 200;
const ROUNDS = 3;

const oid = (/** @type {number} */ n) =>
  (0x65930000 + n).toString(16).padStart(8, '0') + n.toString(16).padStart(16, '0');

/** A Trello board JSON export of LISTS × CARDS_PER_LIST cards. */
export function trelloExport() {
  const colors = ['green', 'yellow', 'orange', 'red', 'purple', 'blue'];
  const labels = colors.map((color, i) => ({ id: oid(1 + i), name: `Label ${i}`, color }));
  const lists = Array.from({ length: LISTS }, (_, i) => ({
    id: oid(100 + i),
    name: `List ${i}`,
    closed: false,
    pos: (i + 1) * 65536,
  }));
  /** @type {object[]} */
  const cards = [];
  /** @type {object[]} */
  const checklists = [];
  /** @type {object[]} */
  const actions = [];
  for (let l = 0; l < LISTS; l++)
    for (let c = 0; c < CARDS_PER_LIST; c++) {
      const n = l * CARDS_PER_LIST + c;
      const id = oid(10_000 + n);
      const checklist = oid(20_000 + n);
      cards.push({
        id,
        name: `Card ${n}: ${randomBytes(6).toString('hex')}`,
        desc: `Description of card ${n}. `.repeat(4),
        closed: false,
        idList: lists[l].id,
        idLabels: [labels[n % labels.length].id],
        idMembers: [],
        idChecklists: [checklist],
        pos: (c + 1) * 16384,
        due: n % 5 === 0 ? '2030-01-01T09:00:00.000Z' : null,
        dueComplete: false,
      });
      checklists.push({
        id: checklist,
        idCard: id,
        name: 'Steps',
        pos: 16384,
        checkItems: [0, 1, 2].map((k) => ({
          id: oid(30_000 + n * 3 + k),
          name: `Step ${k}`,
          state: k === 0 ? 'complete' : 'incomplete',
          pos: k + 1,
        })),
      });
      actions.push({
        id: oid(40_000 + n),
        type: 'commentCard',
        date: '2024-01-02T09:00:00.000Z',
        idMemberCreator: oid(9),
        data: { text: `A comment on card ${n}`, card: { id } },
        memberCreator: { id: oid(9), fullName: 'Ada Lovelace', username: 'ada' },
      });
    }
  return {
    id: oid(0),
    name: 'Trello import benchmark',
    desc: '',
    labels,
    lists,
    cards,
    checklists,
    actions,
    members: [],
  };
}

/**
 * POSTs `bytes` to /api/boards/import as the multipart field `file`; answers the new board.
 * @param {string} baseUrl @param {string} token @param {Buffer} bytes
 * @returns {Promise<{ _id: string }>}
 */
const post = (baseUrl, token, bytes) =>
  postFile(baseUrl, '/api/boards/import', token, { name: 'trello.json', type: 'application/json', bytes });

/** @param {import('../lib/context.mjs').Context} ctx */
export async function measureImport(ctx) {
  const { server, http, board } = ctx;
  const token = board.owner.token;
  const bytes = Buffer.from(JSON.stringify(trelloExport()));
  /** @type {number[]} */
  const times = [];
  /** @type {string[]} */
  const made = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const t0 = now();
      made.push((await post(server.url, token, bytes))._id);
      times.push(now() - t0);
    }
    const read = await http.json('GET', `/api/boards/${made[0]}`, { token });
    const cards = read.lists.reduce(
      (/** @type {number} */ n, /** @type {{ cards: unknown[] }} */ l) => n + l.cards.length,
      0,
    );
    if (cards !== LISTS * CARDS_PER_LIST) throw new Error(`the imported board has ${cards} cards`);
    return {
      name: 'import',
      figures: [
        {
          id: 'import.trello-2000',
          label: `Trello export of ${LISTS * CARDS_PER_LIST} cards (${round(bytes.length / 1024 / 1024, 1)} MB): import time (best of ${ROUNDS})`,
          value: round(Math.min(...times), 0),
          unit: 'ms',
        },
      ],
      details: { fileBytes: bytes.length, roundsMs: times.map((t) => round(t, 0)), cards },
    };
  } finally {
    // The seeded board stays as it was; the imported ones go.
    for (const id of made) await http.request('DELETE', `/api/boards/${id}/permanent`, { token });
  }
}
