import type { Announcement, PublicSettings } from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/settings/public: only the announcement is read here. */
export async function getAnnouncement(signal?: AbortSignal): Promise<Announcement | null> {
  const settings = await api.get<PublicSettings>('/api/settings/public', { signal });
  return settings.announcement ?? null;
}

/** The administrator's announcement; looked at again every minute and when the window comes back. */
export function useAnnouncement() {
  return useQuery({
    queryKey: ['announcement'],
    queryFn: ({ signal }) => getAnnouncement(signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
