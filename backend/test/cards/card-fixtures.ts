import { asc, eq } from 'drizzle-orm';
import type { BoardDetail, BoardEvent, Card } from '@papan/shared';
import { activities, checklistItems, checklists } from '../../src/database/schema';
import { DomainEvents } from '../../src/modules/board-changes/domain-events';
import type { TestUser } from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
export const HOSTILE = `<script>alert(1)</script>'; DROP TABLE cards; --`;
export const ESCAPED_HOSTILE = '&lt;script&gt;alert(1)&lt;/script&gt;&#39;; DROP TABLE cards; --';

/** Every board event published from now on, in order. */
export function recordEvents(t: TestApp): BoardEvent[] {
  const seen: BoardEvent[] = [];
  t.app.get(DomainEvents).on('board', (e) => seen.push(e));
  return seen;
}

/** The board's activities, oldest first. */
export function activitiesOf(t: TestApp, boardId: string) {
  return t.db
    .select({
      actionType: activities.actionType,
      description: activities.description,
      userId: activities.userId,
    })
    .from(activities)
    .where(eq(activities.boardId, boardId))
    .orderBy(asc(activities.createdAt));
}

export async function lastActivity(t: TestApp, boardId: string) {
  const all = await activitiesOf(t, boardId);
  return all[all.length - 1];
}

export async function readBoard(t: TestApp, user: TestUser, boardId: string): Promise<BoardDetail> {
  const res = await t.http.get(`/api/boards/${boardId}`).set(user.auth);
  if (res.status !== 200) throw new Error(`board read failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BoardDetail;
}

/** Every card of a board read, in reading order. */
export const cardsOf = (board: BoardDetail): Card[] => board.lists.flatMap((l) => l.cards);

/** Setup shortcut straight into the database (checklists belong to another module). */
export async function seedChecklist(
  t: TestApp,
  boardId: string,
  cardId: string,
  title: string,
  items: string[],
): Promise<{ id: string }> {
  const [row] = await t.db
    .insert(checklists)
    .values({ boardId, cardId, title, createdAt: seedTime() })
    .returning({ id: checklists.id });
  for (const text of items) {
    await t.db.insert(checklistItems).values({ checklistId: row.id, text, createdAt: seedTime() });
  }
  return row;
}

let lastSeedTime = 0;
/**
 * Checklists and items are shown in creation order, and PGlite's `now()` can give two quick inserts
 * the same instant (the tie then falls to the random id): seeds get strictly increasing times.
 */
function seedTime(): Date {
  lastSeedTime = Math.max(Date.now(), lastSeedTime + 1);
  return new Date(lastSeedTime);
}
