import { SetMetadata } from '@nestjs/common';

export const TOKEN_ACCESS = 'papan:tokenAccess';

/**
 * `content`: a board call — reads (GET) need `boards:read`, everything else `boards:write`.
 * `events`: the event log and the stream, which `events:read` is enough for.
 */
export type TokenCallKind = 'content' | 'events';

/**
 * Marks a controller or route that a personal API token may call (docs/api.md,
 * "What a token may call"). Every other route refuses tokens with 403, so a new account, session,
 * token, webhook or admin call is closed to them by default.
 */
export const TokenAccess = (kind: TokenCallKind = 'content') => SetMetadata(TOKEN_ACCESS, kind);
