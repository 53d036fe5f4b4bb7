import type { QueryClient } from '@tanstack/react-query';

/** The admin screens' reads; `all` is the prefix of every one. */
export const ADMIN_QUERIES = {
  all: ['admin'],
  stats: ['admin', 'stats'],
  growth: ['admin', 'stats', 'user-growth'],
  users: ['admin', 'users'],
  boards: ['admin', 'boards'],
  tokens: ['admin', 'tokens'],
  audit: ['admin', 'audit'],
  settings: ['admin', 'settings'],
  health: ['admin', 'health'],
} as const;

/**
 * The admin lists refresh after a delete (deleting users also deletes their boards;
 * docs/product.md, "States and transitions").
 */
export function refreshAdminData(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ADMIN_QUERIES.all });
}
