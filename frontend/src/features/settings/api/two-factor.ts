import type {
  AccountUser,
  MessageResult,
  TwoFactorDisableInput,
  TwoFactorEnabled,
  TwoFactorSetup,
} from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERIES } from './query-keys';

/** GET /api/users/me: the account as the server knows it, with whether two-factor sign-in is on. */
export function useAccount() {
  return useQuery({
    queryKey: SETTINGS_QUERIES.account,
    queryFn: ({ signal }) => api.get<AccountUser>('/api/users/me', { signal }),
  });
}

/** POST /api/account/2fa/setup: a new secret, not yet in force. */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/account/2fa/setup');
}

/** POST /api/account/2fa/enable: the first code turns it on; answers the recovery codes, once. */
export function enableTwoFactor(code: string): Promise<TwoFactorEnabled> {
  return api.post<TwoFactorEnabled>('/api/account/2fa/enable', { code });
}

/** DELETE /api/account/2fa: a wrong password or code is a 400, never a lost session. */
export function disableTwoFactor(input: TwoFactorDisableInput): Promise<MessageResult> {
  return api.delete<MessageResult>('/api/account/2fa', input, { redirectOnUnauthorized: false });
}
