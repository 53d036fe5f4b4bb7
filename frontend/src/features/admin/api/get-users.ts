import type { User } from '@papan/shared';
import { api } from '../../../lib/api-client';
import { useQuery } from '../../../lib/use-query';
import { ADMIN_QUERIES } from './query-keys';

/** GET /api/users: every user, newest first (the server caps the list at 1,000). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/api/users', { signal });
}

export function useUsers() {
  return useQuery(ADMIN_QUERIES.users, getUsers);
}
