import { castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { buildBoard, exportBoard, importFile, trelloFixture } from './transfer-helpers';

describe('board export', () => {
  let t: TestApp;
  let cast: Cast;
  let boardId: string;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
    boardId = (await buildBoard(t, cast)).boardId;
  });
  afterAll(() => t.close());

  it('gives CSV one row a card, UTF-8 with a BOM, RFC 4180 quoting', async () => {
    const res = await exportBoard(t, cast.member, boardId, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Launch%20%E2%9C%A8%20plan.csv`);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('List,Title,Description,Labels,Members,Due,Due complete,Checklist,Created');
    expect(lines.slice(1, -1).map((l: string) => l.split(',').slice(0, 2).join(','))).toEqual([
      'To do,Book the venue',
      'To do,Press release',
      'Doing,Poster',
      'Done,Banners',
    ]);
    expect(lines[1]).toMatch(
      /^To do,Book the venue,Capacity 200,"Urgent, Feature","Member, Owner",,,1\/3,20\d\d-/,
    );
    expect(lines[2]).toContain(',2030-05-01T10:00:00.000Z,yes,,');
    expect(lines[3]).toContain('"A3, colour"');
    expect(lines.at(-1)).toBe('');
  });

  it('neutralises formulas in CSV cells (CSV injection)', async () => {
    const imported = await importFile(t, cast.owner, trelloFixture());
    const res = await exportBoard(t, cast.owner, imported.body._id, 'csv');
    const text = res.body.toString('utf8');
    expect(text).toContain(`'=HYPERLINK(""http://evil.example"")`);
    expect(text).toContain(`,'@SUM(1+1),`);
    expect(text).not.toMatch(/(^|,|")[=+\-@][^,]*/m);
  });

  it('answers 403 to anyone not on the board, in every format', async () => {
    for (const format of ['json', 'csv', 'zip'] as const) {
      const res = await t.http.get(`/api/boards/${boardId}/export?format=${format}`).set(cast.stranger.auth);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('refuses an unknown format with 400 naming it', async () => {
    const res = await t.http.get(`/api/boards/${boardId}/export?format=xlsx`).set(cast.owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^format: /);
  });
});
