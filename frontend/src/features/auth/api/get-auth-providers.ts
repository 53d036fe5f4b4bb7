import type { AuthProviders } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { AUTH_QUERIES } from './query-keys';

/** Until the server has answered, or when it cannot: no Google button, no message trusted. */
const NONE: AuthProviders = { google: false, allowedOrigins: [] };

/** GET /api/auth/providers: whether Google sign-in is on, and whose popup messages to trust. */
export async function fetchAuthProviders(signal: AbortSignal): Promise<AuthProviders> {
  const data = await api.get<Partial<AuthProviders> | null>('/api/auth/providers', { signal });
  const origins = Array.isArray(data?.allowedOrigins) ? data.allowedOrigins : [];
  return {
    google: data?.google === true,
    allowedOrigins: origins.filter((origin): origin is string => typeof origin === 'string'),
  };
}

export function useAuthProviders(): AuthProviders {
  const { data } = useQuery({
    queryKey: AUTH_QUERIES.providers,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    // The server's sign-in options do not change while the app is open.
    staleTime: Infinity,
  });
  return data ?? NONE;
}
