import type { BoardDetail, BoardField, Card, PapanExport } from '@papan/shared';
import type { Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { exportBoard, importFile, rowCounts, trelloFixture } from '../board-transfer/transfer-helpers';
import { castOf, fieldCalls, fieldWorld } from './field-world';

const RED = '#ff0000';

describe('custom fields in export and import', () => {
  let t: TestApp;
  let cast: Cast;
  let calls: ReturnType<typeof fieldCalls>;
  let boardId: string;
  let cardId: string;
  let fields: BoardField[];

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    calls = fieldCalls(t, cast);
    ({ boardId, cardId } = await fieldWorld(t, cast, 'Transfer'));
    fields = [
      await calls.field(boardId, { name: 'Points', type: 'number' }),
      await calls.field(boardId, {
        name: 'Size',
        type: 'select',
        options: [
          { name: 'Small', color: RED },
          { name: 'Large', color: '#00ff00' },
        ],
        showOnCard: true,
      }),
      await calls.field(boardId, { name: 'Start', type: 'date' }),
      await calls.field(boardId, { name: 'Billable', type: 'checkbox' }),
      await calls.field(boardId, { name: 'Note, "quoted"', type: 'text' }),
    ];
    const [points, size, start, billable, note] = fields;
    const res = await calls.putCard(cardId, {
      fields: {
        [points!._id]: 5,
        [size!._id]: size!.options[1]!._id,
        [start!._id]: '2027-01-31',
        [billable!._id]: true,
        [note!._id]: '=SUM(A1)',
      },
    });
    expect(res.status).toBe(200);
  });
  afterAll(() => t.close());

  it('gives the CSV one column a field, headed by its name, values as text', async () => {
    const res = await exportBoard(t, cast.owner, boardId, 'csv');
    expect(res.status).toBe(200);
    const [header, row] = (res.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(header).toBe(
      'List,Title,Description,Labels,Members,Due,Due complete,Checklist,Created,Points,Size,Start,Billable,"Note, ""quoted"""',
    );
    // A text value that a spreadsheet would run is neutralised, as every other cell.
    expect(row!.split(',').slice(-5)).toEqual(['5', 'Large', '2027-01-31', 'yes', "'=SUM(A1)"]);
  });

  it('carries fields and values in the JSON export, and an import brings them back with new ids', async () => {
    const exported = await exportBoard(t, cast.owner, boardId, 'json');
    const doc = JSON.parse((exported.body as Buffer).toString('utf8')) as PapanExport;
    expect(doc.fields.map((f) => [f.id, f.name, f.type, f.options.length, f.showOnCard])).toEqual(
      fields.map((f) => [f._id, f.name, f.type, f.options.length, f.showOnCard]),
    );
    expect(doc.lists[0]!.cards[0]!.fields[fields[1]!._id]).toBe(fields[1]!.options[1]!._id);

    const imported = await importFile(t, cast.member, exported.body as Buffer);
    expect(imported.status).toBe(201);
    const board = (await t.http.get(`/api/boards/${imported.body._id}`).set(cast.member.auth))
      .body as BoardDetail;
    const shape = (f: BoardField) => ({
      name: f.name,
      type: f.type,
      options: f.options.map(({ name, color }) => ({ name, color })),
      showOnCard: f.showOnCard,
      position: f.position,
    });
    expect(board.fields.map(shape)).toEqual(fields.map(shape));
    expect(board.fields.map((f) => f._id)).not.toContain(fields[0]!._id);
    const card = board.lists[0]!.cards[0]! as Card;
    const byName = Object.fromEntries(board.fields.map((f) => [f.name, f]));
    expect(card.fields).toEqual({
      [byName.Points!._id]: 5,
      [byName.Size!._id]: byName.Size!.options[1]!._id,
      [byName.Start!._id]: '2027-01-31',
      [byName.Billable!._id]: true,
      [byName['Note, "quoted"']!._id]: '=SUM(A1)',
    });
  });

  it.each([
    ['a value of no field', (d: PapanExport) => void (d.lists[0]!.cards[0]!.fields.nope = 1), 'fields.nope'],
    [
      'a bad date',
      (d: PapanExport, id: string) => void (d.lists[0]!.cards[0]!.fields[id] = '2026-02-30'),
      'YYYY-MM-DD',
    ],
    [
      'an option of no field',
      (d: PapanExport) => void (d.lists[0]!.cards[0]!.fields[d.fields[1]!.id] = 'x'),
      'no option',
    ],
    ['a select without options', (d: PapanExport) => void (d.fields[1]!.options = []), 'fields.1.options'],
    ['a field id twice', (d: PapanExport) => void (d.fields[1]!.id = d.fields[0]!.id), 'fields.1.id'],
  ])('refuses a file with %s, creating nothing', async (_what, spoil, message) => {
    const exported = await exportBoard(t, cast.owner, boardId, 'json');
    const doc = JSON.parse((exported.body as Buffer).toString('utf8')) as PapanExport;
    spoil(doc, doc.fields[2]!.id);
    const before = await rowCounts(t);
    const res = await importFile(t, cast.member, Buffer.from(JSON.stringify(doc)));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await rowCounts(t)).toEqual(before);
  });

  it("imports Trello's custom fields and their values, leaving out what does not fit", async () => {
    const trello = JSON.parse(trelloFixture().toString('utf8'));
    const opt = (id: string, text: string, color: string, pos: number) => ({
      id,
      idCustomField: 'cf-list',
      value: { text },
      color,
      pos,
    });
    trello.customFields = [
      { id: 'cf-text', name: 'Owner note', type: 'text', pos: 1, display: { cardFront: true } },
      { id: 'cf-num', name: 'Estimate', type: 'number', pos: 2 },
      { id: 'cf-date', name: 'Kick-off', type: 'date', pos: 3 },
      { id: 'cf-check', name: 'Signed', type: 'checkbox', pos: 4 },
      {
        id: 'cf-list',
        name: 'Priority',
        type: 'list',
        pos: 0,
        options: [opt('o2', 'High', 'red', 2), opt('o1', 'Low', 'nope', 1)],
      },
      { id: 'cf-odd', name: 'Future type', type: 'rating', pos: 5 },
      // Names of Object.prototype are no type nor colour.
      { id: 'cf-proto', name: 'Proto', type: 'constructor', pos: 6 },
    ];
    trello.customFields[4].options.push(opt('o3', 'Odd', 'toString', 3));
    trello.labels.push({ id: 'label-proto', name: '', color: 'constructor' });
    const [venue, press] = trello.cards as { id: string; customFieldItems?: unknown[] }[];
    venue!.customFieldItems = [
      { idCustomField: 'cf-text', idModel: venue!.id, value: { text: 'Ask Ana' } },
      { idCustomField: 'cf-num', idModel: venue!.id, value: { number: '3.5' } },
      { idCustomField: 'cf-date', idModel: venue!.id, value: { date: '2024-03-04T23:00:00.000Z' } },
      { idCustomField: 'cf-check', idModel: venue!.id, value: { checked: 'true' } },
      { idCustomField: 'cf-list', idModel: venue!.id, idValue: 'o2' },
      { idCustomField: 'cf-odd', idModel: venue!.id, value: { number: '4' } },
    ];
    press!.customFieldItems = [
      { idCustomField: 'cf-num', value: { number: 'lots' } },
      { idCustomField: 'cf-list', idValue: 'gone' },
      { idCustomField: 'cf-unknown', value: { text: 'x' } },
      'not an object',
    ];
    // Values may also come at the board's level, by card.
    trello.customFieldItems = [
      { idCustomField: 'cf-text', idModel: press!.id, value: { text: 'From the board' } },
    ];
    const res = await importFile(t, cast.owner, Buffer.from(JSON.stringify(trello)), 'trello.json');
    expect(res.status).toBe(201);
    const board = (await t.http.get(`/api/boards/${res.body._id}`).set(cast.owner.auth)).body as BoardDetail;
    expect(board.fields.map((f) => [f.name, f.type, f.showOnCard, f.position])).toEqual([
      ['Priority', 'select', false, 0],
      ['Owner note', 'text', true, 1],
      ['Estimate', 'number', false, 2],
      ['Kick-off', 'date', false, 3],
      ['Signed', 'checkbox', false, 4],
    ]);
    const [priority, note, estimate, kickoff, signed] = board.fields;
    expect(priority!.options.map((o) => [o.name, o.color])).toEqual([
      ['Low', '#b3bac5'],
      ['High', '#eb5a46'],
      ['Odd', '#b3bac5'],
    ]);
    expect(board.labels.at(-1)).toMatchObject({ name: 'Constructor', color: '#b3bac5' });
    const cards = board.lists.flatMap((l) => l.cards);
    const byTrello = (id: string) =>
      cards.find((c) => c.title === trello.cards.find((x: { id: string }) => x.id === id).name)!;
    expect(byTrello(venue!.id).fields).toEqual({
      [note!._id]: 'Ask Ana',
      [estimate!._id]: 3.5,
      [kickoff!._id]: '2024-03-04',
      [signed!._id]: true,
      [priority!._id]: priority!.options[1]!._id,
    });
    expect(byTrello(press!.id).fields).toEqual({ [note!._id]: 'From the board' });
  });
});
