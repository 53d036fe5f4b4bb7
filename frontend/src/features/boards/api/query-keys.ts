import type { QueryClient } from '@tanstack/react-query';

/** The board lists that screens show; `all` is the prefix of both. */
export const BOARD_QUERIES = {
  all: ['boards'],
  active: ['boards', 'active'],
  archived: ['boards', 'archived'],
} as const;

/**
 * Every board change is followed by a refresh of the board lists (docs/product.md,
 * "States and transitions").
 */
export function refreshBoardLists(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: BOARD_QUERIES.all });
}
