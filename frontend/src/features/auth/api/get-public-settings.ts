import type { PublicSettings } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { AUTH_QUERIES } from './query-keys';

/** GET /api/settings/public: what the sign-in pages offer. Until it answers: no single sign-on. */
export async function fetchSingleSignOn(signal: AbortSignal): Promise<PublicSettings['sso']> {
  const data = await api.get<Partial<PublicSettings> | null>('/api/settings/public', { signal });
  const sso = data?.sso;
  return sso?.enabled === true && typeof sso.name === 'string' && sso.name.trim()
    ? { enabled: true, name: sso.name }
    : { enabled: false, name: '' };
}

/** Whether single sign-on is offered, and the name of its button (OIDC_NAME). */
export function useSingleSignOn(): PublicSettings['sso'] {
  const { data } = useQuery({
    queryKey: AUTH_QUERIES.singleSignOn,
    queryFn: ({ signal }) => fetchSingleSignOn(signal),
    // The server's sign-in options do not change while the app is open.
    staleTime: Infinity,
  });
  return data ?? { enabled: false, name: '' };
}
