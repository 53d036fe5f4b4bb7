import type { Activity, BoardPresence, CompactBoardDetail, Insights, InsightsQuery } from '@papan/shared';

/**
 * The wallboard reads with its own credential (an API token from the address's fragment, or the
 * signed-in session's), not the app's api client: a TV shows it without anyone signing in.
 */
async function read<T>(path: string, token: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal });
  if (!res.ok) throw Object.assign(new Error(`${path} answered ${res.status}`), { status: res.status });
  return (await res.json()) as T;
}

/** GET /api/boards/{id}?view=compact: the board as the board screen reads it. */
export const readWallboard = (boardId: string, token: string, signal?: AbortSignal) =>
  read<CompactBoardDetail>(`/api/boards/${boardId}?view=compact`, token, signal);

/** GET /api/boards/{id}/activities: the newest hundred entries. */
export const readWallboardActivities = (boardId: string, token: string, signal?: AbortSignal) =>
  read<Activity[]>(`/api/boards/${boardId}/activities?limit=100`, token, signal);

/** GET /api/boards/{id}/presence: who has the board open in the app right now. */
export const readWallboardPresence = (boardId: string, token: string, signal?: AbortSignal) =>
  read<BoardPresence>(`/api/boards/${boardId}/presence`, token, signal);

/** GET /api/boards/{id}/insights?from&to&tz: the board's flow figures (its CFD and throughput). */
export const readWallboardInsights = (
  boardId: string,
  token: string,
  range: Required<InsightsQuery>,
  signal?: AbortSignal,
) =>
  read<Insights>(`/api/boards/${boardId}/insights?${new URLSearchParams(range).toString()}`, token, signal);
