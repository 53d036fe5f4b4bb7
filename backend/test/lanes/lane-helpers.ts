import type { BoardEvent, BoardEventsPage, CompactBoardDetail } from '@papan/shared';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

/** A list made through the API, with a WIP limit when one is given (docs/lanes.md). */
export async function listWith(
  t: TestApp,
  user: TestUser,
  boardId: string,
  title: string,
  wip?: { wipLimit: number | null; wipMode: 'soft' | 'hard' },
): Promise<string> {
  const created = await t.http
    .post(`/api/boards/${boardId}/lists`)
    .set(user.auth)
    .send({ title })
    .expect(201);
  if (wip) await t.http.put(`/api/lists/${created.body._id}`).set(user.auth).send(wip).expect(200);
  return created.body._id;
}

export async function cardIn(
  t: TestApp,
  user: TestUser,
  listId: string,
  title = 'Card',
  laneId?: string | null,
) {
  const res = await t.http
    .post(`/api/lists/${listId}/cards`)
    .set(user.auth)
    .send({ title, ...(laneId !== undefined ? { laneId } : {}) });
  if (res.status !== 201) throw new Error(`create card: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

export async function compact(t: TestApp, user: TestUser, boardId: string): Promise<CompactBoardDetail> {
  return (await t.http.get(`/api/boards/${boardId}?view=compact`).set(user.auth).expect(200)).body;
}

/** The board's version and its whole event log, to show a refused change left both as they were. */
export async function logOf(t: TestApp, user: TestUser, boardId: string) {
  const page: BoardEventsPage = (
    await t.http.get(`/api/boards/${boardId}/events?after=0&limit=1000`).set(user.auth).expect(200)
  ).body;
  return { version: page.version, events: page.events as BoardEvent[] };
}

/** One card move (reading B). */
export function move(
  t: TestApp,
  user: TestUser,
  boardId: string,
  body: {
    cardId: string;
    sourceListId: string;
    destListId: string;
    newPosition: number;
    destLaneId?: string | null;
  },
) {
  return t.http
    .put(`/api/boards/${boardId}/dnd`)
    .set(user.auth)
    .send({ type: 'card', ...body });
}
