import { invalidateQuery } from '../../../lib/use-query';

/** The board lists that screens show. */
export const BOARD_QUERIES = { active: 'boards', archived: 'boards/archived' } as const;

/** SPEC §4: every board change is followed by a refresh of the board lists. */
export function refreshBoardLists(): void {
  invalidateQuery(BOARD_QUERIES.active);
  invalidateQuery(BOARD_QUERIES.archived);
}
