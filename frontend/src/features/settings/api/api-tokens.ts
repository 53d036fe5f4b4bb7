import type {
  ApiToken,
  ApiTokenList,
  BoardSummary,
  CreateApiTokenInput,
  CreatedApiToken,
} from '@papan/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { SETTINGS_QUERIES } from './query-keys';

/**
 * GET /api/tokens: the caller's tokens with their last use, never a secret (docs/api.md,
 * "Personal API tokens").
 */
export async function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return (await api.get<ApiTokenList>('/api/tokens', { signal })).tokens;
}

export function useApiTokens() {
  return useQuery({ queryKey: SETTINGS_QUERIES.apiTokens, queryFn: ({ signal }) => getApiTokens(signal) });
}

/** POST /api/tokens: the answer carries the secret, shown this once. */
export function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return api.post<CreatedApiToken>('/api/tokens', input);
}

/** DELETE /api/tokens/{id}: the token stops working at once. */
export function revokeApiToken(id: string): Promise<unknown> {
  return api.delete(`/api/tokens/${encodeURIComponent(id)}`);
}

/** GET /api/boards: the boards a new token may be limited to. */
export function useTokenBoardChoices() {
  return useQuery({
    queryKey: SETTINGS_QUERIES.tokenBoards,
    queryFn: ({ signal }) => api.get<BoardSummary[]>('/api/boards', { signal }),
  });
}
