import { api } from '../../../lib/api-client';

/** DELETE /api/users/me: the account and its data are gone. */
export function deleteAccount(): Promise<unknown> {
  return api.delete('/api/users/me');
}
