import { randomBytes } from 'node:crypto';
import { TRANSFER_LIMITS } from '@papan/shared';
import { createUser, type TestUser } from '../helpers/factories';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { importFile, rowCounts, trelloFixture, zipOf } from './transfer-helpers';

/** Rewrites what the central directory says `name` inflates to (how a zip bomb lies). */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(0x02014b50 & 0xff); at >= 0 && at < out.length - 46; at++) {
    if (out.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(at + 28);
    if (out.subarray(at + 46, at + 46 + nameLength).toString() === name) out.writeUInt32LE(size, at + 24);
  }
  return out;
}

const papanDoc = (cardTitle = 'Card') => ({
  format: 'papan.board',
  version: 1,
  exportedAt: '2025-01-01T00:00:00.000Z',
  board: { title: 'B', description: '' },
  labels: [],
  members: [],
  lists: [
    {
      title: 'L',
      cards: [
        {
          id: 'c1',
          title: cardTitle,
          description: '',
          createdAt: '2025-01-01T00:00:00.000Z',
          dueAt: null,
          dueComplete: false,
          labels: [],
          members: [],
          checklists: [],
          comments: [],
          attachments: [],
          cover: null,
        },
      ],
    },
  ],
});

describe('board import refuses bad files and creates nothing', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  // Someone new each time: a person may start only TRANSFER_LIMITS.importsPerWindow imports.
  beforeEach(async () => {
    user = await createUser(t);
  });
  afterAll(() => t.close());

  async function refused(bytes: Buffer, status: number, message: RegExp | string, name = 'board.json') {
    const before = await rowCounts(t);
    const res = await importFile(t, user, bytes, name);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status,
      message: expect.stringMatching(message),
    });
    expect(res.body).toMatchObject({ statusCode: status, error: expect.any(String) });
    expect(await rowCounts(t)).toEqual(before);
  }

  it('refuses garbage bytes', async () => {
    await refused(
      randomBytes(4096),
      400,
      /^file: is neither a ZIP archive nor UTF-8 JSON text$|^file: is not valid JSON/,
    );
    await refused(Buffer.from('{"lists": [1, 2'), 400, /^file: is not valid JSON/);
  });

  it('refuses JSON of another shape, naming what is wrong', async () => {
    await refused(
      Buffer.from('{"hello": "world"}'),
      400,
      /^file: is neither a Papan board export .* nor a Trello/,
    );
    await refused(Buffer.from('[1,2,3]'), 400, /^file: is neither a Papan board export/);
    const noName = JSON.parse(trelloFixture().toString());
    delete noName.cards[2].name;
    await refused(Buffer.from(JSON.stringify(noName)), 400, /^cards\.2\.name: /);
    const badList = JSON.parse(trelloFixture().toString());
    badList.cards[0].idList = 'nope';
    await refused(
      Buffer.from(JSON.stringify(badList)),
      400,
      'cards.0.idList: no list of the board has this id',
    );
  });

  it('refuses text past the API’s own limits, with the place named', async () => {
    const long = JSON.parse(trelloFixture().toString());
    long.cards[1].name = 'x'.repeat(201);
    await refused(Buffer.from(JSON.stringify(long)), 400, 'cards.1.name: must be at most 200 characters');
    await refused(
      Buffer.from(JSON.stringify(papanDoc('y'.repeat(201)))),
      400,
      'lists.0.cards.0.title: must be at most 200 characters',
    );
    const comment = JSON.parse(trelloFixture().toString());
    comment.actions[0].data.text = 'z'.repeat(20_001);
    await refused(
      Buffer.from(JSON.stringify(comment)),
      400,
      'actions.0.data.text: must be at most 20000 characters',
    );
    const badLabel = papanDoc();
    badLabel.lists[0].cards[0].labels = ['missing' as never];
    await refused(
      Buffer.from(JSON.stringify(badLabel)),
      400,
      'lists.0.cards.0.labels.0: no label of the board has this id',
    );
  });

  it('refuses too many cards', async () => {
    const doc = JSON.parse(trelloFixture().toString());
    const template = doc.cards[0];
    doc.cards = Array.from({ length: TRANSFER_LIMITS.cards + 1 }, (_, i) => ({
      ...template,
      id: `c${i}`,
      pos: i,
    }));
    await refused(
      Buffer.from(JSON.stringify(doc)),
      400,
      `cards: must hold at most ${TRANSFER_LIMITS.cards} cards`,
    );
  });

  it('counts the JSON before parsing it: too deep or too many values is refused, the limit named', async () => {
    const { jsonDepth, jsonValues } = TRANSFER_LIMITS;
    await refused(
      Buffer.from(`${'['.repeat(jsonDepth + 1)}${']'.repeat(jsonDepth + 1)}`),
      400,
      `file: must not nest arrays and objects more than ${jsonDepth} deep`,
    );
    // A stray byte before the brackets (a BOM is allowed) does not hide them.
    await refused(
      Buffer.from(`\uFEFF${'['.repeat(jsonDepth + 1)}`),
      400,
      `file: must not nest arrays and objects more than ${jsonDepth} deep`,
    );
    await refused(
      Buffer.from(`[${'0,'.repeat(jsonValues)}0]`),
      413,
      `file: must hold at most ${jsonValues} JSON values`,
    );
    // Keys are not values, strings with brackets and quotes in them are one value each.
    const wordy = { lists: [], cards: [], s: Array(jsonValues - 10).fill('[{\\"') };
    await refused(Buffer.from(JSON.stringify(wordy)), 400, /^name: |^id: /);
  });

  it('refuses a file of many bad items at the first one, quickly', async () => {
    const doc = papanDoc();
    const card = doc.lists[0].cards[0] as Record<string, unknown>;
    card.checklists = [{ title: 'C', items: Array(300_000).fill({}) }];
    const started = Date.now();
    await refused(
      Buffer.from(JSON.stringify(doc)),
      400,
      'lists.0.cards.0.checklists.0.items.0.text: Invalid input: expected string, received undefined',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 413 to a file past 20 MB, while it streams', async () => {
    const big = Buffer.alloc(TRANSFER_LIMITS.fileBytes + 1024, 0x20);
    await refused(big, 413, 'file: must be at most 20 MB');
  });

  it('refuses a zip bomb: an archive declaring more than the limit inflated', async () => {
    const json = Buffer.from(JSON.stringify(papanDoc()));
    const zip = await zipOf({ 'board.json': json, 'files/x': Buffer.alloc(1024 * 1024) });
    await refused(
      declareSize(zip, 'files/x', 0xf0000000),
      413,
      'file: the ZIP archive must inflate to at most 200 MB',
      'b.zip',
    );
  });

  it('refuses a ZIP whose board.json inflates past 20 MB, as a plain JSON upload would be', async () => {
    const json = Buffer.alloc(TRANSFER_LIMITS.jsonBytes + 1, ' ');
    json.write('{}');
    await refused(
      await zipOf({ 'board.json': json }),
      413,
      'file: board.json: must be at most 20 MB',
      'b.zip',
    );
  });

  it('refuses a zip bomb: an entry inflating past what it declares', async () => {
    const bomb = Buffer.from(`{"format":"papan.board","pad":"${'0'.repeat(8 * 1024 * 1024)}"}`);
    const zip = await zipOf({ 'board.json': bomb });
    expect(zip.length).toBeLessThan(100_000);
    await refused(
      declareSize(zip, 'board.json', 100),
      400,
      'file: board.json in the ZIP archive is damaged or larger than it declares',
      'b.zip',
    );
  });

  it('refuses a ZIP that is not a Papan export', async () => {
    await refused(
      await zipOf({ 'readme.txt': Buffer.from('hi') }),
      400,
      'file: the ZIP archive holds no board.json',
      'b.zip',
    );
    await refused(
      randomBytes(64).fill(0x50, 0, 1).fill(0x4b, 1, 2).fill(3, 2, 3).fill(4, 3, 4),
      400,
      /^file: is not a readable ZIP archive$/,
      'b.zip',
    );
  });

  it('asks for the file in the multipart field "file"', async () => {
    const res = await t.http.post('/api/boards/import').set(user.auth).send({ hello: 1 });
    expect(res.status).toBe(415);
    const wrong = await t.http
      .post('/api/boards/import')
      .set(user.auth)
      .attach('upload', trelloFixture(), 'a.json');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^file: missing/);
  });
});
