import type {
  AdminInviteInput,
  AdminInviteView,
  InstanceSettings,
  InstanceSettingsInput,
} from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_QUERIES } from './query-keys';

/** GET /api/admin/settings */
export function getAdminSettings(signal?: AbortSignal): Promise<InstanceSettings> {
  return api.get<InstanceSettings>('/api/admin/settings', { signal });
}

export function useAdminSettings() {
  return useQuery({ queryKey: ADMIN_QUERIES.settings, queryFn: ({ signal }) => getAdminSettings(signal) });
}

/** PUT /api/admin/settings: every field; answers the stored settings. */
export function saveAdminSettings(settings: InstanceSettingsInput): Promise<InstanceSettings> {
  return api.put<InstanceSettings>('/api/admin/settings', settings);
}

/** POST /api/admin/invites: mails a sign-up link to the address. */
export function inviteByEmail(input: AdminInviteInput): Promise<AdminInviteView> {
  return api.post<AdminInviteView>('/api/admin/invites', input);
}
