/** Work-in-progress limits on the board screen (docs/lanes.md). */
import { findList, type CompactBoardDetail, type CompactCard, type CompactList } from '@papan/shared';
import { ApiError } from '../../../lib/api-client';

export interface WipState {
  /** The list's open cards, in every lane. */
  count: number;
  limit: number;
  hard: boolean;
  over: boolean;
}

/**
 * How many of `cards` count: never a template (docs/product.md, "Templates"), and with a filter
 * only those it shows.
 */
export function countCards(
  cards: readonly Pick<CompactCard, 'isTemplate'>[],
  shown?: ((card: CompactCard) => boolean) | null,
): number {
  let n = 0;
  for (const card of cards) if (!card.isTemplate && (!shown || shown(card as CompactCard))) n++;
  return n;
}

/** A list's count against its limit; null for a list without one. */
export function wipOf(list: Pick<CompactList, 'wipLimit' | 'wipMode'>, count: number): WipState | null {
  if (list.wipLimit === null || list.wipLimit === undefined) return null;
  return { count, limit: list.wipLimit, hard: list.wipMode === 'hard', over: count > list.wipLimit };
}

/**
 * Why the server refused a change that would have put a card into `listId`: the list's title and
 * limit when the board shows it under a hard limit (the screen says it in the reader's language),
 * else the server's own message; null when the failure was not a refusal (409).
 */
export function refusalOf(
  error: unknown,
  board: CompactBoardDetail | null,
  listId: string,
): { title: string; limit: number } | { message: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const list = board && findList(board, listId);
  if (list && list.wipMode === 'hard' && list.wipLimit !== null && countCards(list.cards) >= list.wipLimit)
    return { title: list.title, limit: list.wipLimit };
  return { message: error.message };
}
