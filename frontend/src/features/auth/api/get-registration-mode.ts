import type { PublicSettings, RegistrationMode } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/settings/public: who may register here now. */
export async function getRegistrationMode(signal?: AbortSignal): Promise<RegistrationMode> {
  const settings = await api.get<PublicSettings>('/api/settings/public', { signal });
  return settings.registration;
}

/** Read afresh each time the register page opens; `undefined` until the server answered. */
export function useRegistrationMode(): RegistrationMode | undefined {
  const { data } = useQuery({
    queryKey: ['auth', 'registration-mode'],
    queryFn: ({ signal }) => getRegistrationMode(signal),
    staleTime: 0,
  });
  return data;
}
