import type { BoardDetail, BoardField, Card } from '@papan/shared';
import { castBoard, castOf, type Cast } from '../helpers/cast';
import { seedCard, seedList } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** A board of the cast's owner (the member in it) with one list and one card, and field helpers. */
export async function fieldWorld(t: TestApp, cast: Cast, title = 'Fields') {
  const boardId = (await castBoard(t, cast, title))._id;
  const listId = (await seedList(t, boardId, 'Todo', 1)).id;
  const cardId = (await seedCard(t, boardId, listId, 'Card', 1)).id;
  return { boardId, listId, cardId };
}

/** The calls of docs/fields.md, made by `user` (the member unless told). */
export function fieldCalls(t: TestApp, cast: Cast) {
  const createField = (boardId: string, body: object, user = cast.member) =>
    t.http.post(`/api/boards/${boardId}/fields`).set(user.auth).send(body);
  const field = async (boardId: string, body: object): Promise<BoardField> => {
    const res = await createField(boardId, body);
    if (res.status !== 201) throw new Error(`create field: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as BoardField;
  };
  const patchField = (fieldId: string, body: object, user = cast.member) =>
    t.http.patch(`/api/fields/${fieldId}`).set(user.auth).send(body);
  const deleteField = (fieldId: string, user = cast.member) =>
    t.http.delete(`/api/fields/${fieldId}`).set(user.auth);
  const putCard = (cardId: string, body: object, user = cast.member) =>
    t.http.put(`/api/cards/${cardId}`).set(user.auth).send(body);
  const board = async (boardId: string, view = 'full') =>
    (await t.http.get(`/api/boards/${boardId}?view=${view}`).set(cast.owner.auth)).body;
  /** The card as the whole-board read has it. */
  const card = async (boardId: string, cardId: string): Promise<Card> =>
    ((await board(boardId)) as BoardDetail).lists.flatMap((l) => l.cards).find((c) => c._id === cardId)!;
  return { createField, field, patchField, deleteField, putCard, card, board };
}

export { castOf };
