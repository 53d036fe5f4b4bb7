import { Readable } from 'node:stream';
import { PAPAN_EXPORT_FORMAT, type PapanExport } from '@papan/shared';
import * as yauzl from 'yauzl';
import { castOf, type Cast } from '../helpers/cast';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { buildBoard, exportBoard, importFile } from './transfer-helpers';

/** The export without what an import makes anew: ids, timestamps and the export's own time. */
function comparable(doc: PapanExport) {
  const labelNames = new Map(doc.labels.map((l) => [l.id, l.name]));
  return {
    board: doc.board,
    labels: doc.labels.map(({ name, color }) => ({ name, color })),
    members: doc.members,
    lists: doc.lists.map((l) => ({
      title: l.title,
      cards: l.cards.map(({ id: _id, createdAt: _c, labels, attachments, cover, comments, ...card }) => ({
        ...card,
        labels: labels.map((id) => labelNames.get(id)),
        comments: comments.map(({ createdAt: _at, ...c }) => c),
        attachments: attachments.map(({ id: _a, createdAt: _t, ...a }) => a),
        cover: attachments.find((a) => a.id === cover)?.name ?? null,
      })),
    })),
  };
}

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const parts: Buffer[] = [];
    for await (const part of (await zip.openReadStreamPromise(entry)) as Readable) parts.push(part as Buffer);
    files.set(entry.fileName, Buffer.concat(parts));
  }
  return files;
}

describe('board export and import: the round trip', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    cast = await castOf(t);
  });
  afterAll(() => t.close());

  it('exports JSON that imports into a board whose export is the same, ids and times aside', async () => {
    const { boardId } = await buildBoard(t, cast);
    const first = await exportBoard(t, cast.owner, boardId, 'json');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Launch ✨ plan.json')}`,
    );
    const doc = JSON.parse(first.body.toString('utf8')) as PapanExport;
    expect(doc.format).toBe(PAPAN_EXPORT_FORMAT);
    expect(doc.lists.map((l) => l.title)).toEqual(['To do', 'Doing', 'Done']);
    const venue = doc.lists[0].cards[0];
    expect(venue.members).toEqual([cast.member.email, cast.owner.email]);
    expect(venue.comments.map((c) => [c.author?.email, c.text])).toEqual([
      [cast.owner.email, 'Called them.'],
      [cast.member.email, 'Hall is cheaper.'],
    ]);
    expect(venue.checklists).toEqual([
      {
        title: 'Steps',
        items: [
          { text: 'Visit', isCompleted: true },
          { text: 'Compare', isCompleted: false },
          { text: 'Sign', isCompleted: false },
        ],
      },
    ]);
    expect(doc.lists[1].cards[0].attachments.map((a) => a.name)).toEqual(['poster.png', 'notes.txt']);

    // Imported from the ZIP (the JSON alone carries no file bytes), by the owner.
    const zipped = await exportBoard(t, cast.owner, boardId, 'zip');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-type']).toBe('application/zip');
    const imported = await importFile(t, cast.owner, zipped.body, 'board.zip');
    expect(imported.status).toBe(201);
    expect(imported.body.ownerId._id).toBe(cast.owner._id);
    expect(imported.body.title).toBe('Launch ✨ plan');
    // The member shares a board with the owner, so is matched by e-mail and kept on the card.
    expect(imported.body.members.map((m: { _id: string }) => m._id).sort()).toEqual(
      [cast.owner._id, cast.member._id].sort(),
    );

    const again = await exportBoard(t, cast.owner, imported.body._id, 'json');
    const second = JSON.parse(again.body.toString('utf8')) as PapanExport;
    // Another person's comment is the importer's now, the author named in front (docs/decisions.md).
    const expected = comparable(doc);
    expected.lists[0].cards[0].comments[1] = {
      author: { name: 'Owner', email: cast.owner.email },
      text: `**Member** (Papan, ${doc.lists[0].cards[0].comments[1].createdAt.slice(0, 10)}): Hall is cheaper.`,
    };
    expect(comparable(second)).toEqual(expected);
    // Comment times come across as they were.
    expect(second.lists[0].cards[0].comments.map((c) => c.createdAt)).toEqual(
      doc.lists[0].cards[0].comments.map((c) => c.createdAt),
    );
  });

  it('puts the board JSON and every attachment’s bytes in the ZIP, and they come back', async () => {
    const { boardId } = await buildBoard(t, cast);
    const files = await unzip((await exportBoard(t, cast.owner, boardId, 'zip')).body);
    const doc = JSON.parse(files.get('board.json')!.toString('utf8')) as PapanExport;
    const notes = doc.lists[1].cards[0].attachments.find((a) => a.name === 'notes.txt')!;
    expect(files.get(`files/${notes.id}`)!.toString()).toBe('size: A3\n');

    const imported = await importFile(
      t,
      cast.owner,
      (await exportBoard(t, cast.owner, boardId, 'zip')).body,
      'b.zip',
    );
    const board = (await t.http.get(`/api/boards/${imported.body._id}`).set(cast.owner.auth)).body;
    const poster = board.lists[1].cards[0];
    expect(poster.attachments.map((a: { name: string }) => a.name)).toEqual(['poster.png', 'notes.txt']);
    expect(poster.coverAttachmentId).toBe(poster.attachments[0]._id);
    const text = await t.http.get(`/api/attachments/${poster.attachments[1]._id}`).set(cast.owner.auth);
    expect(text.text ?? text.body.toString()).toBe('size: A3\n');
  });

  it('imports a plain JSON export without the files, and says so by leaving them out', async () => {
    const { boardId } = await buildBoard(t, cast);
    const json = (await exportBoard(t, cast.owner, boardId, 'json')).body;
    const imported = await importFile(t, cast.owner, json);
    expect(imported.status).toBe(201);
    const second = JSON.parse(
      (await exportBoard(t, cast.owner, imported.body._id, 'json')).body.toString(),
    ) as PapanExport;
    expect(second.lists[1].cards[0].attachments).toEqual([]);
    expect(second.lists[1].cards[0].cover).toBeNull();
    expect(second.lists.flatMap((l) => l.cards.map((c) => c.title))).toEqual([
      'Book the venue',
      'Press release',
      'Poster',
      'Banners',
    ]);
  });
});
