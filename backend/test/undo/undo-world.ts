import type { BoardDetail, Card, CompactBoardDetail } from '@papan/shared';
import { download, noise, png, upload } from '../attachments/attachment-helpers';
import type { Cast } from '../helpers/cast';
import { castBoard } from '../helpers/cast';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/**
 * A board built through the API whose middle card holds everything a card can: two labels, two
 * checklists with items (one done), two comments, a member, a due date, an image (the cover) and a
 * file. Lists: "To do" (three cards) and "Done" (one card).
 */
export async function richBoard(t: TestApp, cast: Pick<Cast, 'owner' | 'member'>) {
  const { owner, member } = cast;
  const boardId = (await castBoard(t, cast, 'Undo'))._id;
  const post = (user: TestUser, path: string, body: object = {}) =>
    t.http
      .post(path)
      .set(user.auth)
      .send(body)
      .expect((res) => {
        if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      });
  const listId = (await post(owner, `/api/boards/${boardId}/lists`, { title: 'To do' })).body._id as string;
  const doneId = (await post(owner, `/api/boards/${boardId}/lists`, { title: 'Done' })).body._id as string;
  const card = async (list: string, title: string) =>
    (await post(owner, `/api/lists/${list}/cards`, { title })).body as Card;
  const first = await card(listId, 'First');
  const target = await card(listId, 'Target');
  const last = await card(listId, 'Last');
  await card(doneId, 'Elsewhere');
  const labels = (await t.http.get(`/api/boards/${boardId}`).set(owner.auth)).body.labels as {
    _id: string;
  }[];
  const custom = (await post(owner, `/api/boards/${boardId}/labels`, { name: 'Custom', color: '#123456' }))
    .body;
  for (const labelId of [labels[2]._id, custom._id])
    await post(owner, `/api/cards/${target._id}/labels`, { labelId });
  const checklistIds: string[] = [];
  for (const title of ['Before', 'Middle', 'After']) {
    const checklist = (await post(owner, `/api/cards/${target._id}/checklists`, { title })).body;
    checklistIds.push(checklist._id);
    const item = (await post(owner, `/api/checklists/${checklist._id}/items`, { text: `${title} one` })).body;
    await post(owner, `/api/checklists/${checklist._id}/items`, { text: `${title} two` });
    await t.http
      .put(`/api/checklists/${checklist._id}/items/${item._id}`)
      .set(owner.auth)
      .send({ isCompleted: true });
  }
  const commentIds: string[] = [];
  for (const text of ['Oldest', 'Middle comment', 'Newest'])
    commentIds.push((await post(owner, `/api/cards/${target._id}/comments`, { text })).body._id);
  await post(owner, `/api/cards/${target._id}/members`, { userId: member._id });
  const image = (await upload(t, owner, target._id, await png(), 'cover.png')).body;
  const file = (await upload(t, owner, target._id, noise(300 * 1024), 'notes.bin')).body;
  await t.http
    .put(`/api/cards/${target._id}`)
    .set(owner.auth)
    .send({ dueAt: '2031-05-06T07:08:09.000Z', coverAttachmentId: image._id })
    .expect(200);
  return { boardId, listId, doneId, first, target: target._id, last, checklistIds, commentIds, image, file };
}

/** Everything a reader can see of a card: its read, checklists, comments, attachments and file bytes. */
export async function cardPicture(t: TestApp, user: TestUser, cardId: string) {
  const get = async (path: string) => (await t.http.get(path).set(user.auth).expect(200)).body;
  const attachments = (await get(`/api/cards/${cardId}/attachments`)) as {
    url: string;
    thumbnailUrl?: string;
  }[];
  const bytes = [];
  for (const a of attachments) {
    bytes.push((await download(t, user, a.url)).body as Buffer);
    if (a.thumbnailUrl) bytes.push((await download(t, user, a.thumbnailUrl)).body as Buffer);
  }
  return {
    checklists: await get(`/api/cards/${cardId}/checklists`),
    comments: await get(`/api/cards/${cardId}/comments`),
    attachments,
    bytes: bytes.map((b) => b.toString('base64')),
  };
}

/** The whole-board read, without what every change moves (the board's own time and version). */
export async function boardRead(t: TestApp, user: TestUser, boardId: string) {
  const board = (await t.http.get(`/api/boards/${boardId}`).set(user.auth).expect(200))
    .body as BoardDetail & {
    version?: number;
  };
  const { updatedAt: _u, version: _v, ...rest } = board;
  return rest;
}

export async function compactRead(t: TestApp, user: TestUser, boardId: string) {
  return (await t.http.get(`/api/boards/${boardId}?view=compact`).set(user.auth).expect(200))
    .body as CompactBoardDetail;
}
