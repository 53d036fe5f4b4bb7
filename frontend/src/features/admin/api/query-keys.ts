import { invalidateQuery } from '../../../lib/use-query';

/** The admin screens' reads. */
export const ADMIN_QUERIES = {
  stats: 'admin/stats',
  growth: 'admin/stats/user-growth',
  users: 'admin/users',
  boards: 'admin/boards',
} as const;

/** SPEC §4: the admin lists refresh after a delete (deleting users also deletes their boards). */
export function refreshAdminData(): void {
  Object.values(ADMIN_QUERIES).forEach(invalidateQuery);
}
