import type { User } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/** GET /api/users: every user, newest first (the server caps the list at 1,000). */
export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return api.get<User[]>('/api/users', { signal });
}

export function useUsers() {
  return useQuery({ queryKey: ADMIN_QUERIES.users, queryFn: ({ signal }) => getUsers(signal) });
}
