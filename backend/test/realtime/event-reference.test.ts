import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BOARD_EVENT_TYPES, type BoardEvent } from '@papan/shared';
import { seedBoardWorld } from '../helpers/board-world';
import { STEPS } from '../helpers/change-steps';
import { createBoard, createUser, type TestUser } from '../helpers/factories';
import { connect, EventLog, joinBoard, listen, settle, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/realtime.md's event reference, read as data: type → the payload's field names, the
 * backticked lower-case words of its line (shape names and `[{…}]` examples are not fields).
 */
function documentedFields(): Map<string, string[]> {
  const doc = readFileSync(resolve(__dirname, '../../../docs/realtime.md'), 'utf8');
  const table =
    doc.split('<!-- event-reference:start -->')[1]?.split('<!-- event-reference:end -->')[0] ?? '';
  const rows = table.split('\n').filter((line) => /^\| `[a-zA-Z.]+`/.test(line));
  return new Map(
    rows.map((row) => {
      const [, type, fields] = row.split('|').map((cell) => cell.trim());
      const names = [...fields.matchAll(/`([^`]+)`/g)]
        .map((m) => m[1])
        .filter((w) => /^[a-z_][a-zA-Z]*$/.test(w));
      return [type.replaceAll('`', ''), [...new Set(names)].sort()];
    }),
  );
}

/** docs/realtime.md documents every board event type with the fields its payload really has. */
describe('the event reference of docs/realtime.md', () => {
  let t: TestApp;
  let url: string;
  let owner: TestUser;
  const sockets: ClientSocket[] = [];
  const docs = documentedFields();
  const fieldsOf = (event: BoardEvent) => Object.keys(event.payload).sort();

  beforeAll(async () => {
    t = await startTestApp();
    url = await listen(t);
    owner = await createUser(t, { name: 'Owner' });
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await t.close();
  });

  it('has one line for every type, and no line for a type that does not exist', () => {
    expect([...docs.keys()].sort()).toEqual([...BOARD_EVENT_TYPES].sort());
  });

  it('names exactly the payload fields of each change the API makes', async () => {
    const ids = await seedBoardWorld(t, owner, []);
    const newcomer = await createUser(t, { name: 'Newcomer' });
    const extra: Record<string, string> = {
      newcomerEmail: newcomer.email,
      newcomerId: newcomer._id,
      ownerId: owner._id,
    };
    const socket = await connect(url, owner.token);
    sockets.push(socket);
    await joinBoard(socket, ids.boardId);
    const log = new EventLog(socket);

    for (const step of STEPS) {
      const r = step.request(ids, extra);
      const req = t.http[r.method](r.path).set(owner.auth);
      const res = r.body ? await req.send(r.body) : await req;
      if (res.status >= 300) throw new Error(`${step.type}: ${res.status} ${JSON.stringify(res.body)}`);
      Object.assign(extra, step.keep?.(res.body) ?? {});
    }
    await log.waitFor((e) => e.type === 'board.deleted');
    await settle(100);
    const seen = new Map(log.events.map((event) => [event.type, fieldsOf(event)]));
    for (const step of STEPS)
      expect({ type: step.type, fields: seen.get(step.type) }).toEqual({
        type: step.type,
        fields: docs.get(step.type),
      });
  });

  it('names the fields of board.created, as the board’s log keeps it', async () => {
    const board = await createBoard(t, owner, 'Fresh');
    const res = await t.http.get(`/api/boards/${board._id}/events?after=0`).set(owner.auth).expect(200);
    const created = (res.body.events as BoardEvent[]).find((e) => e.type === 'board.created');
    expect(created && fieldsOf(created)).toEqual(docs.get('board.created'));
  });

  it('names the fields of attachment.added and attachment.removed', async () => {
    const ids = await seedBoardWorld(t, owner, []);
    const socket = await connect(url, owner.token);
    sockets.push(socket);
    await joinBoard(socket, ids.boardId);
    const log = new EventLog(socket);
    const added = await t.http
      .post(`/api/cards/${ids.cardId}/attachments`)
      .set(owner.auth)
      .attach('file', Buffer.from('minutes of the meeting'), 'notes.txt')
      .expect(201);
    await t.http.delete(`/api/attachments/${added.body._id}`).set(owner.auth).expect(200);
    const removed = await log.waitFor((e) => e.type === 'attachment.removed');
    const event = log.events.find((e) => e.type === 'attachment.added')!;
    // `thumbnailUrl` is there for images only: a text file leaves it out.
    expect(fieldsOf(event)).toEqual(docs.get('attachment.added')!.filter((f) => f !== 'thumbnailUrl'));
    expect(fieldsOf(removed)).toEqual(docs.get('attachment.removed'));
  });
});
